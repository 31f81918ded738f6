import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StatusBadge, statusLabel, statusVariant } from './badge';

describe('status badges', () => {
  it.each([
    ['ACTIVE', 'success'],
    ['LOCKED', 'danger'],
    ['DISABLED', 'neutral'],
    ['PENDING', 'warning'],
    ['APPROVED', 'success'],
    ['REJECTED', 'danger'],
    ['BLOCKED_COMPLIANCE', 'purple'],
    ['DIRECT', 'success'],
    ['DOWNLINE', 'info'],
    ['SOMETHING_ELSE', 'neutral'],
  ])('%s is %s', (status, variant) => {
    expect(statusVariant(status)).toBe(variant);
  });

  it('reads statuses as words, or the given label', () => {
    expect(statusLabel('BLOCKED_COMPLIANCE')).toBe('Blocked Compliance');
    render(
      <>
        <StatusBadge status="PENDING" />
        <StatusBadge status="DIRECT" label="Referral" />
      </>,
    );
    expect(screen.getByText('Pending')).toHaveAttribute('data-status', 'PENDING');
    expect(screen.getByText('Referral')).toHaveAttribute('data-status', 'DIRECT');
  });
});
