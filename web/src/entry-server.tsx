/**
 * The server's render of a signed-in student's first screen (issue 18, N220): built by `npm run build`
 * into dist/ssr/entry-server.js (Vite's SSR build) and loaded by api/web-app.ts for the pages that
 * carry a first-load block. The tree is main.tsx's, with the page's URL for a router and a cache
 * seeded from the same answers, so the browser hydrates what it would have rendered.
 */
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { type FirstLoadAnswer, seedAnswers } from './app/first-load';
import { AppProvider } from './app/provider';
import { AppRoutes } from './app/router';
import { AppScreen } from './app/routes/home';
import { createQueryClient } from './lib/query-client';

export type { FirstLoadAnswer };

/**
 * The markup of `url` (path and query) for the student whose answers these are. Everything the
 * screen renders is awaited (lazy parts included); `signal` aborts a render that takes too long.
 */
export async function renderFirstScreen(url: string, answers: FirstLoadAnswer[], signal?: AbortSignal) {
  const queryClient = createQueryClient();
  seedAnswers(queryClient, answers);
  await AppScreen.preload();
  let failure: unknown;
  try {
    const { prelude } = await prerenderToNodeStream(
      <StrictMode>
        <AppProvider queryClient={queryClient}>
          <StaticRouter location={url}>
            <AppRoutes />
          </StaticRouter>
        </AppProvider>
      </StrictMode>,
      {
        signal,
        // A part that fails on the server would be rendered again in the browser, with a warning there:
        // the page is sent with an empty root instead, and the server logs why (api/web-app.ts).
        onError: (error) => {
          failure ??= error;
        },
      },
    );
    if (failure) throw failure;
    const chunks: Buffer[] = [];
    for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
    return Buffer.concat(chunks).toString('utf8');
  } finally {
    queryClient.clear();
  }
}
