import { HttpResponse, http } from 'msw';
import { problem } from '../test/handlers';
import { server } from '../test/server';
import { ApiError, api, errorMessage } from './api-client';

describe('api client', () => {
  it('refreshes the session once on a 401 and retries the request', async () => {
    let meCalls = 0;
    let refreshCalls = 0;
    server.use(
      http.get('/api/me', () => {
        meCalls += 1;
        return meCalls === 1
          ? problem(401, 'AUTH.UNAUTHENTICATED', 'User not authenticated')
          : HttpResponse.json({
              user: { id: 'u1', email: 'a@b.edu', hasAgreement: true, hasProfile: true, isAdmin: false },
            });
      }),
      http.post('/api/auth/refresh', () => {
        refreshCalls += 1;
        return HttpResponse.json({ user: {} });
      }),
    );
    const { user } = await api('GET /api/me');
    expect(user?.id).toBe('u1');
    expect([meCalls, refreshCalls]).toEqual([2, 1]);
  });

  it('gives up with the original 401 when the refresh fails', async () => {
    let meCalls = 0;
    server.use(
      http.get('/api/me', () => {
        meCalls += 1;
        return problem(401, 'AUTH.UNAUTHENTICATED', 'User not authenticated');
      }),
    );
    await expect(api('GET /api/me')).rejects.toMatchObject({ status: 401, code: 'AUTH.UNAUTHENTICATED' });
    expect(meCalls).toBe(1);
  });

  it('never refreshes for the auth endpoints themselves', async () => {
    let refreshCalls = 0;
    server.use(
      http.post('/api/auth/refresh', () => {
        refreshCalls += 1;
        return HttpResponse.json({ user: {} });
      }),
    );
    const error = await api('POST /api/auth/sign-in', { body: { email: 'x@y.edu', password: 'Nope-1234' } }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 401,
      code: 'ACCOUNTS.INVALID_CREDENTIALS',
      detail: 'Invalid email or password. Please check your credentials.',
    });
    expect(refreshCalls).toBe(0);
  });

  it('parses validation problems with their field errors', async () => {
    const error = await api('POST /api/auth/sign-up', {
      body: { email: 'x@gmail.com', password: 'Sunny-Dorm7' },
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION',
      detail: 'Please enter a valid .edu email address from your university.',
      errors: [{ path: 'email', message: 'Please enter a valid .edu email address from your university.' }],
    });
  });

  it('uses the fallback message when the server sends no detail', async () => {
    server.use(http.post('/api/auth/sign-up', () => new HttpResponse('oops', { status: 502 })));
    const error = await api('POST /api/auth/sign-up', { body: { email: 'x@y.edu', password: 'Sunny-Dorm7' } }).catch(
      (e: unknown) => e,
    );
    expect(errorMessage(error, 'Failed to create account')).toBe('Failed to create account');
    expect(errorMessage(new TypeError('network'), 'Failed to create account')).toBe('Failed to create account');
  });
});
