import { ContentEntriesManager } from './ContentEntriesManager';

/** /notisphere/faqs (Notisphere_ManageFAQs): FAQs per user type, shown at /faqs. */
export default function ManageFaqsPage() {
  return <ContentEntriesManager kind="FAQ" />;
}
