/**
 * What a link into a record asks for. The spec's links carry conId, tabName, logtype, nonAck or pageName (spec 000:
 * they survive the sign-in redirect); the app's own links say tab and conversation. Both open the same place.
 */
export interface LinkTarget {
  /** The tab to open, lower case ('conversations', 'history', 'delivery', …), when the link names one the page has. */
  tab: string | null;
  /** The conversation to open (conId, conversation). */
  conversation: number | null;
  /** Only the recipients who have not acknowledged (nonAck). */
  notAcknowledged: boolean;
}

const truthy = (value: string | null) => value !== null && value !== '' && value !== '0' && value !== 'false';

/** Reads a link's query against the tabs a page has (`tabs`); a tab the page does not have is ignored. */
export function linkTarget(search: URLSearchParams, tabs: readonly string[]): LinkTarget {
  const conversation = Number(search.get('conversation') ?? search.get('conId')) || null;
  const notAcknowledged = truthy(search.get('nonAck'));
  const named = (search.get('tab') ?? search.get('tabName') ?? search.get('pageName') ?? '').toLowerCase();
  let tab: string | null = tabs.includes(named) ? named : null;
  // A link that names a conversation, a log or the non-acknowledged opens the tab that shows it.
  if (!tab && conversation && tabs.includes('conversations')) tab = 'conversations';
  if (!tab && search.get('logtype') !== null && tabs.includes('history')) tab = 'history';
  if (!tab && notAcknowledged && tabs.includes('delivery')) tab = 'delivery';
  return { tab, conversation, notAcknowledged };
}
