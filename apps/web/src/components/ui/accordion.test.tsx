import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Accordion } from './accordion';

const items = [
  { title: 'First question', content: 'First answer' },
  { title: 'Second question', content: 'Second answer' },
  { title: 'Third question', content: 'Third answer' },
];

function setup() {
  const user = userEvent.setup();
  render(<Accordion items={items} />);
  const header = (name: string) => screen.getByRole('button', { name });
  const shown = () =>
    items.filter((item) => screen.queryByText(item.content)?.closest('[hidden]') === null);
  return { user, header, shown };
}

describe('Accordion (FAQ)', () => {
  it('starts closed and keeps at most one item open', async () => {
    const { user, header, shown } = setup();
    expect(shown()).toEqual([]);

    await user.click(header('First question'));
    expect(header('First question')).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: 'First question' })).toHaveTextContent(
      'First answer',
    );

    await user.click(header('Second question'));
    expect(shown().map((i) => i.title)).toEqual(['Second question']);
    expect(header('First question')).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes the open item when it is clicked again', async () => {
    const { user, header, shown } = setup();
    await user.click(header('Third question'));
    await user.click(header('Third question'));
    expect(shown()).toEqual([]);
    expect(header('Third question')).toHaveAttribute('aria-expanded', 'false');
  });

  it('works from the keyboard: Enter and Space toggle, arrows, Home and End move', async () => {
    const { user, header, shown } = setup();
    await user.tab();
    expect(header('First question')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(shown().map((i) => i.title)).toEqual(['First question']);

    await user.keyboard('{ArrowDown}');
    expect(header('Second question')).toHaveFocus();
    await user.keyboard(' ');
    expect(shown().map((i) => i.title)).toEqual(['Second question']);
    await user.keyboard(' ');
    expect(shown()).toEqual([]);

    await user.keyboard('{End}');
    expect(header('Third question')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(header('First question')).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(header('Third question')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(header('First question')).toHaveFocus();
  });
});
