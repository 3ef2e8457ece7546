/**
 * Every back-office screen, as one lazily loaded module: the route table imports it from one place,
 * so the public entry carries one list of admin chunks to preload instead of one per screen
 * (docs/decisions/009-public-site-weight-and-test-hooks.md). The back office loads it once.
 */
export { default as AuditPage } from './audit'
export { default as DashboardPage } from './dashboard'
export { default as EnquiriesPage } from './enquiries'
export { default as MaintenancePage } from './maintenance'
export { default as MonitoringPage } from './monitoring'
export { default as NewsletterPage } from './newsletter'
export { default as NewsletterFormPage } from './newsletter-form'
export { default as NoticesPage } from './notices'
export { default as PowerPage } from './power'
export { default as PrivacyPage } from './privacy'
export {
  PublicHolidayFormPage,
  PublicHolidaysPage,
  ShopFormPage,
  ShopsPage,
  TenantFormPage,
  TenantsPage,
  VacantShopFormPage,
  VacantShopsPage,
} from './records'
export { default as SecurityCompromisesPage } from './security-compromises'
export { RentalStatementsPage, UtilityStatementsPage } from './statements'
export { default as WhatsOnPage } from './whats-on'
