/** The shared back-office schemas live in packages/contracts/src/back-office.ts (the web parses the same). */
export { PageQuerySchema, StaffSchema, pageOf } from '@freight/contracts/back-office';
