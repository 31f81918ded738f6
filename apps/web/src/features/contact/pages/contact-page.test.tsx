import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, failResponse, mockApi, okResponse } from '@/testing/api-mock';
import { makeUser } from '@/testing/fixtures';
import { renderRoutes } from '@/testing/render';
import { ContactPage } from './contact-page';

const renderContact = (at = '/contact') =>
  renderRoutes([{ path: '/contact', element: <ContactPage /> }], { at });

const TOO_MANY = 'Too many attempts. Please wait a few minutes and try again.';

describe('contact page', () => {
  it('fills in the topic, subject and message from the link', async () => {
    mockApi({});
    renderContact(
      `/contact?topic=payment&subject=${encodeURIComponent('Wrong payment 0xabc')}&message=${encodeURIComponent('Sent on the wrong network.')}`,
    );
    expect(screen.getByLabelText('Topic')).toHaveValue('payment');
    expect(screen.getByLabelText('Subject (optional)')).toHaveValue('Wrong payment 0xabc');
    expect(screen.getByLabelText('Message')).toHaveValue('Sent on the wrong network.');
    expect(await screen.findByText('Support hours: Mon-Fri 09:00-18:00 UTC')).toBeInTheDocument();
  });

  it('fills in a signed-in member’s name and email', async () => {
    localStorage.setItem('token', 'tok');
    mockApi({ 'GET /api/users/profile': () => okResponse(makeUser()) });
    renderContact();
    await waitFor(() =>
      expect(screen.getByLabelText('Email address')).toHaveValue('ada@example.com'),
    );
    expect(screen.getByLabelText('Name')).toHaveValue('Ada Lovelace');
  });

  it('says what is wrong with each field and sends nothing', async () => {
    const api = mockApi({});
    const { user } = renderContact();
    await user.type(screen.getByLabelText('Email address'), 'nobody');
    await user.type(screen.getByLabelText('Message'), 'short');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(screen.getByText('Please enter your name')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Please choose a topic')).toBeInTheDocument();
    expect(screen.getByText('Please write at least 10 characters')).toBeInTheDocument();
    expect(api.calls('POST /api/public/contact')).toHaveLength(0);
  });

  it('shows Sending... then the ticket number once sent', async () => {
    const answer = deferred<Response>();
    const api = mockApi({ 'POST /api/public/contact': () => answer.promise });
    const { user } = renderContact('/contact?topic=withdrawal');
    await user.type(screen.getByLabelText('Name'), 'Grace Hopper');
    await user.type(screen.getByLabelText('Email address'), 'grace@example.com');
    await user.type(screen.getByLabelText('Message'), 'Where is my withdrawal of 20 USDT?');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(screen.getByRole('button', { name: /Sending/ })).toBeDisabled();
    answer.resolve(okResponse({ ticket: 'CT-000042' }));
    expect(await screen.findByTestId('ticket-number')).toHaveTextContent('CT-000042');
    expect(screen.getByText(/We also sent it to grace@example.com/)).toBeInTheDocument();
    expect(api.calls('POST /api/public/contact')[0]?.body).toEqual({
      name: 'Grace Hopper',
      email: 'grace@example.com',
      topic: 'withdrawal',
      subject: '',
      message: 'Where is my withdrawal of 20 USDT?',
    });
  });

  it('on a refusal shows the catalogue’s text and keeps everything typed', async () => {
    mockApi({
      'POST /api/public/contact': () => failResponse(429, 'TOO_MANY_REQUESTS', TOO_MANY),
    });
    const { user } = renderContact('/contact?topic=rewards');
    await user.type(screen.getByLabelText('Name'), 'Grace Hopper');
    await user.type(screen.getByLabelText('Email address'), 'grace@example.com');
    await user.type(screen.getByLabelText('Message'), 'My reward of cycle 12 is missing.');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText(TOO_MANY)).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Grace Hopper');
    expect(screen.getByLabelText('Topic')).toHaveValue('rewards');
    expect(screen.getByLabelText('Message')).toHaveValue('My reward of cycle 12 is missing.');
    expect(screen.queryByTestId('ticket-number')).toBeNull();
  });
});
