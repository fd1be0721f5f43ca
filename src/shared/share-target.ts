import { ROUTES } from './routes';

/**
 * The Web Share Target (the manifest's share_target): a phone's share sheet POSTs the screenshot to
 * `path` as multipart form data, the file under `fileField`. The service worker keeps it on the phone
 * and opens the dashboard; the server only answers a POST that no service worker caught.
 */
export const SHARE_TARGET = {
  path: '/share-target',
  fileField: 'chartImage',
} as const;

/** How a share went, told to the dashboard in its `shared` query parameter. */
export const SHARE_OUTCOME = {
  /** The file is stored on the phone and waits for the dashboard. */
  received: '1',
  /** The form held no file or could not be read. */
  unreadable: 'unreadable',
  /** No service worker caught the POST (PipLens never opened in this browser): nothing was kept. */
  unavailable: 'unavailable',
} as const;
export type ShareOutcome = (typeof SHARE_OUTCOME)[keyof typeof SHARE_OUTCOME];

export const SHARE_OUTCOME_PARAM = 'shared';

export const shareLanding = (outcome: ShareOutcome) => `${ROUTES.dashboard}?${SHARE_OUTCOME_PARAM}=${outcome}`;
