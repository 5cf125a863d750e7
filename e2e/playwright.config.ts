import { defineConfig, devices } from '@playwright/test';

// The Makefile starts the release server and sets E2E_BASE_URL; this config never starts one.
const baseURL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 2,
  reporter: 'list',
  // Room for a slow CI machine: on a day the 2 cores ran 2.5x slower (and the suite shared them
  // with the API fuzzer), long flows overran 30 s and lazily loaded pages 5 s. Waiting longer for
  // what must appear never lets a wrong page pass.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        // Debian's Chromium; Playwright must never download a browser.
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--no-first-run',
            '--disable-sync',
            '--disable-quic',
          ],
        },
      },
    },
  ],
});
