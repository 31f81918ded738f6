import { COPY_CONFIRMATION_MS } from '@ctn/contracts/constants';
import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Copies text to the clipboard and says so for 5 seconds (member section 9). A failure is only
 * logged, as the spec says; without the Clipboard API (a page not served over https or
 * localhost) a hidden text area and the copy command stand in.
 */
export function useCopy(timeoutMs: number = COPY_CONFIRMATION_MS) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const copy = useCallback(
    async (text: string) => {
      try {
        if (navigator.clipboard?.writeText) await navigator.clipboard.writeText(text);
        else copyWithTextArea(text);
      } catch (error) {
        console.error('Copy to clipboard failed', error);
        return;
      }
      setCopied(true);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setCopied(false), timeoutMs);
    },
    [timeoutMs],
  );
  return { copied, copy };
}

function copyWithTextArea(text: string): void {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  try {
    if (!document.execCommand('copy')) throw new Error('the copy command was refused');
  } finally {
    area.remove();
  }
}
