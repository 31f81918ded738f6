import { userSchema } from '@ctn/contracts/accounts';
import { ERROR_CATALOGUE } from '@ctn/contracts/errors';
import { describe, expect, it, vi } from 'vitest';
import { failResponse, mockApi, okResponse } from '@/testing/api-mock';
import { makeUser } from '@/testing/fixtures';
import { ApiError, api, apiRequest, DEV_API_BASE, errorMessage } from './api-client';
import { getToken, setToken, subscribeToken } from './auth-token';

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

async function apiErrorOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await caught(promise);
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('api client: success', () => {
  it('unwraps the envelope into data and message', async () => {
    mockApi({ 'GET /api/things': () => okResponse({ id: 7 }, 'EMAIL_VERIFIED') });
    await expect(api.get('/things')).resolves.toEqual({
      data: { id: 7 },
      message: 'EMAIL_VERIFIED',
    });
  });

  it('sends JSON bodies, the bearer token when one is stored, and a clean query string', async () => {
    setToken('tok-123');
    const { requests } = mockApi({ 'POST /api/things': () => okResponse(null) });
    await apiRequest('/things', {
      method: 'POST',
      body: { a: 1 },
      query: { page: 2, level: undefined, q: '', status: null, on: true },
    });
    const [request] = requests;
    expect(request?.headers.get('Authorization')).toBe('Bearer tok-123');
    expect(request?.headers.get('Content-Type')).toBe('application/json');
    expect(request?.body).toEqual({ a: 1 });
    expect(request?.url.search).toBe('?page=2&on=true');
  });

  it('calls the development endpoints under another base path, the same way', async () => {
    setToken('tok-dev');
    const { requests } = mockApi({
      'POST /dev/api/simulate-payment': () => okResponse({ ok: 1 }, 'PAYMENT_SIMULATED'),
      'GET /dev/api/boom': () => failResponse(503, 'SERVICE_UNAVAILABLE', 'down'),
    });
    await expect(
      api.post('/simulate-payment', { amount: 10 }, { base: DEV_API_BASE }),
    ).resolves.toEqual({ data: { ok: 1 }, message: 'PAYMENT_SIMULATED' });
    expect(requests[0]?.url.pathname).toBe('/dev/api/simulate-payment');
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer tok-dev');
    expect(requests[0]?.body).toEqual({ amount: 10 });
    expect((await apiErrorOf(api.get('/boom', { base: DEV_API_BASE }))).code).toBe(
      'SERVICE_UNAVAILABLE',
    );
  });

  it('sends neither token nor content type when there is none', async () => {
    const { requests } = mockApi({ 'GET /api/things': () => okResponse([]) });
    await api.get('/things');
    expect(requests[0]?.headers.has('Authorization')).toBe(false);
    expect(requests[0]?.headers.has('Content-Type')).toBe(false);
  });

  it('validates data with a contracts schema, and treats a mismatch as an exception, not an API error', async () => {
    const user = makeUser();
    mockApi({
      'GET /api/users/profile': () => okResponse({ ...user, extra: 'dropped' }),
      'GET /api/broken': () => okResponse({ firstName: 'Ada' }),
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(api.get('/users/profile', { schema: userSchema })).resolves.toEqual({
      data: user,
      message: 'OK',
    });
    const error = await caught(api.get('/broken', { schema: userSchema }));
    expect(error).toBeInstanceOf(TypeError);
    expect(error).not.toBeInstanceOf(ApiError);
  });
});

describe('api client: failures', () => {
  it('maps a known code to the catalogue text and keeps status and data', async () => {
    mockApi({
      'POST /api/users/register': () =>
        failResponse(409, 'USER_EXISTS', 'server words', { hint: 1 }),
    });
    const error = await apiErrorOf(api.post('/users/register', {}));
    expect(error).toMatchObject({
      code: 'USER_EXISTS',
      text: 'An account with this email already exists; sign in instead.',
      status: 409,
      data: { hint: 1 },
      isGeneric: false,
    });
    expect(error.message).toBe(error.text);
  });

  it('takes the code from `message` when `errorCode` is absent', async () => {
    mockApi({
      'POST /api/x': () =>
        Response.json(
          {
            success: false,
            message: 'INVALID_REFERRAL_CODE',
            data: null,
            error: null,
            errorCode: null,
          },
          { status: 400 },
        ),
    });
    const error = await apiErrorOf(api.post('/x'));
    expect(error.code).toBe('INVALID_REFERRAL_CODE');
    expect(error.text).toBe('Invalid referral code.');
  });

  it('falls back to the server text for an unknown code', async () => {
    mockApi({ 'GET /api/x': () => failResponse(418, 'TEAPOT', 'I am a teapot') });
    const error = await apiErrorOf(api.get('/x'));
    expect(error).toMatchObject({
      code: 'TEAPOT',
      text: 'I am a teapot',
      status: 418,
      isGeneric: false,
    });
  });

  it('falls back to UNKNOWN_ERROR when an unknown code comes without text', async () => {
    mockApi({ 'GET /api/x': () => failResponse(400, 'SOMETHING_NEW', null) });
    const error = await apiErrorOf(api.get('/x'));
    expect(error).toMatchObject({
      code: 'SOMETHING_NEW',
      text: ERROR_CATALOGUE.UNKNOWN_ERROR.text,
      isGeneric: true,
    });
  });

  it('treats an envelope without any code as UNKNOWN_ERROR, keeping the server text', async () => {
    mockApi({
      'GET /api/bare': () => failResponse(400, null, null),
      'GET /api/worded': () => failResponse(400, null, 'Something specific'),
    });
    expect(await apiErrorOf(api.get('/bare'))).toMatchObject({
      code: 'UNKNOWN_ERROR',
      isGeneric: true,
    });
    expect(await apiErrorOf(api.get('/worded'))).toMatchObject({
      code: 'UNKNOWN_ERROR',
      text: 'Something specific',
      isGeneric: false,
    });
  });

  it('treats `success: false` as a failure even with a 2xx status', async () => {
    mockApi({ 'GET /api/x': () => failResponse(200, 'VALIDATION_ERROR', 'Bad') });
    const error = await apiErrorOf(api.get('/x'));
    expect(error).toMatchObject({
      code: 'VALIDATION_ERROR',
      text: 'Check your input.',
      status: 200,
    });
  });

  it('derives the code from the status when the body is not an envelope', async () => {
    mockApi({
      'GET /api/gateway': () => new Response('<html>Bad Gateway</html>', { status: 502 }),
      'GET /api/crash': () => new Response('', { status: 500 }),
      'GET /api/odd': () => new Response('<html>index</html>', { status: 200 }),
    });
    expect(await apiErrorOf(api.get('/gateway'))).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      status: 502,
    });
    expect(await apiErrorOf(api.get('/crash'))).toMatchObject({
      code: 'INTERNAL_SERVER_ERROR',
      text: 'Server error, try later.',
    });
    expect(await apiErrorOf(api.get('/odd'))).toMatchObject({
      code: 'UNKNOWN_ERROR',
      status: 200,
      isGeneric: true,
    });
  });

  it('turns a fetch that throws into NETWORK_ERROR', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const error = await apiErrorOf(api.get('/x'));
    expect(error).toMatchObject({
      code: 'NETWORK_ERROR',
      text: 'Network connection failed.',
      status: 0,
    });
  });

  it('lets an aborted request reject as an abort, not as a network failure', async () => {
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(abort));
    const controller = new AbortController();
    controller.abort();
    await expect(api.get('/x', { signal: controller.signal })).rejects.toBe(abort);
  });

  it('uses the admin wording of the catalogue for admin calls', async () => {
    mockApi({
      'GET /api/admin/a': () => failResponse(400, 'VALIDATION_ERROR', 'x'),
      'GET /api/admin/b': () => failResponse(409, 'USER_EXISTS', 'x'),
    });
    expect((await apiErrorOf(api.get('/admin/a', { audience: 'admin' }))).text).toBe(
      'check your input',
    );
    // A code without an admin wording keeps the member text.
    expect((await apiErrorOf(api.get('/admin/b', { audience: 'admin' }))).text).toBe(
      ERROR_CATALOGUE.USER_EXISTS.text,
    );
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('offline')));
    expect((await apiErrorOf(api.get('/admin/c', { audience: 'admin' }))).text).toBe(
      'network connection failed',
    );
  });
});

describe('api client: session', () => {
  it('clears the token when an authenticated call answers 401 UNAUTHORIZED, and tells subscribers', async () => {
    setToken('expired');
    const listener = vi.fn();
    const unsubscribe = subscribeToken(listener);
    mockApi({
      'GET /api/users/profile': () => failResponse(401, 'UNAUTHORIZED', 'Not authorized'),
    });
    const error = await apiErrorOf(api.get('/users/profile'));
    expect(error.code).toBe('UNAUTHORIZED');
    expect(getToken()).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(listener).toHaveBeenCalled();
    unsubscribe();
  });

  it('keeps the token on other failures, including other 401 codes', async () => {
    setToken('good');
    mockApi({
      'POST /api/users/login': () => failResponse(401, 'INVALID_CREDENTIALS', 'Invalid'),
      'GET /api/x': () => failResponse(403, 'FORBIDDEN', 'No'),
    });
    await apiErrorOf(api.post('/users/login', {}));
    await apiErrorOf(api.get('/x'));
    expect(getToken()).toBe('good');
  });

  it('keeps a token issued while the rejected call was in flight', async () => {
    setToken('old');
    mockApi({
      'GET /api/slow': async () => {
        setToken('new');
        return failResponse(401, 'UNAUTHORIZED', 'Not authorized');
      },
    });
    await apiErrorOf(api.get('/slow'));
    expect(getToken()).toBe('new');
  });
});

describe('errorMessage', () => {
  const generic = new ApiError({
    code: 'X',
    text: 'An unexpected error occurred.',
    status: 400,
    isGeneric: true,
  });
  const specific = new ApiError({ code: 'USER_EXISTS', text: 'Exists', status: 409 });

  it('shows the specific text of an API error', () => {
    expect(errorMessage(specific, 'fallback', 'exception')).toBe('Exists');
  });

  it('shows the screen fallback when the API said nothing specific', () => {
    expect(errorMessage(generic, 'fallback', 'exception')).toBe('fallback');
  });

  it('shows the exception text when something other than the API failed', () => {
    expect(errorMessage(new TypeError('boom'), 'fallback', 'exception')).toBe('exception');
    expect(errorMessage(new TypeError('boom'), 'fallback')).toBe('fallback');
  });
});

describe('ApiError: the refused fields of a VALIDATION_ERROR', () => {
  it('reads data.errors in the server order, and the first message per field', async () => {
    mockApi({
      'POST /api/users/register': () =>
        failResponse(400, 'VALIDATION_ERROR', 'Validation failed', {
          errors: [
            { field: 'password', message: 'Too short' },
            { field: 'email', message: 'Not an address' },
            { field: 'password', message: 'Too common' },
            { field: 'lastName' },
            'garbage',
          ],
        }),
    });
    const error = await apiErrorOf(api.post('/users/register', {}));
    expect(error.invalidFields).toEqual([
      { field: 'password', message: 'Too short' },
      { field: 'email', message: 'Not an address' },
      { field: 'password', message: 'Too common' },
    ]);
    expect(error.fieldErrors()).toEqual({ password: 'Too short', email: 'Not an address' });
  });

  it('is empty for another code, or a VALIDATION_ERROR without a list', () => {
    const other = new ApiError({
      code: 'USER_EXISTS',
      text: 'Exists',
      status: 409,
      data: { errors: [{ field: 'email', message: 'Taken' }] },
    });
    expect(other.invalidFields).toEqual([]);
    expect(other.fieldErrors()).toEqual({});
    const bare = new ApiError({ code: 'VALIDATION_ERROR', text: 'Check', status: 400 });
    expect(bare.invalidFields).toEqual([]);
    const single = new ApiError({
      code: 'VALIDATION_ERROR',
      text: 'Check',
      status: 400,
      data: { message: 'Token is required' },
    });
    expect(single.fieldErrors()).toEqual({});
  });
});

describe('api.download', () => {
  /**
   * A Blob's text in either test runtime: Node 20's fetch answers its own Blob (with text()),
   * later Nodes build it from the global Blob, which jsdom's is here (no text(), FileReader).
   */
  const textOf = (blob: Blob): Promise<string> =>
    typeof blob.text === 'function'
      ? blob.text()
      : new Promise((resolve, reject) => {
          const reader = new FileReader();
          reader.onload = () => resolve(reader.result as string); // readAsText: a string
          reader.onerror = () => reject(reader.error ?? new Error('unreadable blob'));
          reader.readAsText(blob);
        });
  const csv = (headers: Record<string, string> = {}) =>
    new Response('ID,Name\r\n1,Ada\r\n', {
      headers: { 'content-type': 'text/csv; charset=utf-8', ...headers },
    });

  it('answers the file and its name, sent like every call (token, base path, query)', async () => {
    setToken('tok-csv');
    const { requests } = mockApi({
      'GET /api/users/admin/export': () =>
        csv({ 'content-disposition': 'attachment; filename="users-2026-11-21.csv"' }),
    });
    const file = await api.download('/users/admin/export', {
      query: { search: 'ada', status: null },
      accept: 'text/csv',
    });
    expect(file.filename).toBe('users-2026-11-21.csv');
    expect(await textOf(file.blob)).toBe('ID,Name\r\n1,Ada\r\n');
    expect(requests[0]?.url.search).toBe('?search=ada');
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer tok-csv');
    expect(requests[0]?.headers.get('Accept')).toBe('text/csv');
  });

  it('has no name when the server gave none', async () => {
    mockApi({ 'GET /api/file': () => csv() });
    expect((await api.download('/file')).filename).toBeNull();
  });

  it('rejects a refusal with the same ApiError as other calls, and ends a rejected session', async () => {
    setToken('tok-old');
    mockApi({
      'GET /api/rewards/admin/export': () =>
        failResponse(400, 'VALIDATION_ERROR', 'Too many', {
          errors: [{ field: 'filters', message: 'Narrow the filters' }],
        }),
      'GET /api/users/admin/export': () => failResponse(401, 'UNAUTHORIZED'),
    });
    const refused = await apiErrorOf(api.download('/rewards/admin/export', { audience: 'admin' }));
    expect(refused).toMatchObject({ code: 'VALIDATION_ERROR', status: 400 });
    expect(refused.fieldErrors()).toEqual({ filters: 'Narrow the filters' });
    expect(getToken()).toBe('tok-old');
    const expired = await apiErrorOf(api.download('/users/admin/export'));
    expect(expired.code).toBe('UNAUTHORIZED');
    expect(getToken()).toBeNull();
  });

  it('turns a fetch that throws into NETWORK_ERROR', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    expect((await apiErrorOf(api.download('/file'))).code).toBe('NETWORK_ERROR');
  });
});
