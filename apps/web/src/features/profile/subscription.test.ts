import { describe, expect, it } from 'vitest';
import { subscriptionDisplay } from './subscription';

describe('subscription display rule (member section 2, /profile)', () => {
  it("shows 'Active' when the fee arrives as a plain number", () => {
    expect(subscriptionDisplay(10).label).toBe('Active');
    expect(subscriptionDisplay(0).label).toBe('Active');
  });

  it('shows Paid or Unpaid from the object', () => {
    expect(subscriptionDisplay({ paid: true, timestamp: '2025-01-05T10:00:00.000Z' })).toEqual({
      label: 'Paid',
      variant: 'success',
      paidAt: '2025-01-05T10:00:00.000Z',
    });
    expect(subscriptionDisplay({ paid: false, timestamp: null }).label).toBe('Unpaid');
  });
});
