// The workspace pages, one lazy module for both routes: one chunk name in the entry.
export { BusinessSettingsPage } from './business-settings-page';
export { MembersPage } from './members-page';
export { NewBusinessPage } from './new-business-page';
