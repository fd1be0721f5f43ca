import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS } from './scripts/lib/browser.mjs';

const port = Number(process.env.E2E_PORT ?? 3999);
const dataDir = process.env.E2E_DATA_DIR ?? '.tmp/e2e-data';
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  // A test that walks a dozen pages takes 30-40 s on two quiet cores and over a minute on a busy
  // machine; each step still waits for its state, so a hang fails at this bound.
  timeout: 120_000,
  use: {
    baseURL,
    trace: 'retain-on-failure',
    // The service worker's install fetches the whole app shell in every new context: only the
    // installable app's own tests (pwa.spec.ts) let it run.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH,
      args: CHROMIUM_FLAGS,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node dist/server/index.js',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      // The built app as in production, except that payments use the offline sandbox (refused in production).
      NODE_ENV: 'test',
      PAYMENTS_MODE: 'sandbox',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: baseURL,
      DATA_DIR: dataDir,
      APP_SECRET: 'e2e-secret-e2e-secret-e2e-secret-e2e-secret',
      // One admin per spec that signs one up: an address can sign up once per run.
      ADMIN_EMAILS: 'admin@piplens.test,engine-admin@piplens.test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      SMTP_URL: '',
      GEMINI_API_KEY: '',
      OPENROUTER_API_KEY: '',
    },
  },
});
