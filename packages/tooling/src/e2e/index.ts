// The browser journeys' helpers, for the investor app's and the console's e2e tests.
export { deskContext, go, launchBrowser, phoneContext, screenshots, snap } from './browser.ts';
export { investorPage, signedInPage, type InvestorSession } from './investor.ts';
export { journeyFixture, type JourneyFixture } from './fixture.ts';
export { checkAccessibility, checkLayout } from './ui-checks.ts';
