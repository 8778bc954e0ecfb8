/** The platform host moved to src/platform/host.ts; this re-export serves bench/ until its suites import it from there. */
export { platformHost, unpack } from '../platform/host';
