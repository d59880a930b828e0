import { ContentEntriesManager } from './ContentEntriesManager';

/** /notisphere/manage-user-guide (Notisphere_ManageUserGuides): user guides per user type, listed at /user-guide. */
export default function ManageUserGuidePage() {
  return <ContentEntriesManager kind="GUIDE" />;
}
