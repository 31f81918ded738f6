import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import ReferralPosterDialog from './referral-poster-dialog';
import { downloadPoster } from './referral-poster-png';

vi.mock('./referral-poster-png', () => ({ downloadPoster: vi.fn() }));

const POSTER = {
  code: 'AB3CD7EF',
  link: 'https://copytrade.example/ref/AB3CD7EF',
  inviter: 'Ada L.',
};

describe('the referral poster', () => {
  it('downloads as a PNG with a button', async () => {
    vi.mocked(downloadPoster).mockResolvedValue();
    render(<ReferralPosterDialog {...POSTER} onOpenChange={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Download poster (PNG)' }));
    expect(downloadPoster).toHaveBeenCalledWith(POSTER);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says so when the browser cannot make it, and offers the screenshot', async () => {
    vi.mocked(downloadPoster).mockRejectedValue(new Error('no 2D canvas'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<ReferralPosterDialog {...POSTER} onOpenChange={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Download poster (PNG)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The poster could not be made in this browser. Take a screenshot of it instead.',
    );
  });
});
