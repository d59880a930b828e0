import { sha256 } from '@portal/core';

/** How long a delegate link works. */
export const DELEGATE_LINK_DAYS = 30;

/**
 * Delegate tokens live in notice_links (purpose DELEGATE) but are stored as sha256('delegate:' + token), so a delegate's
 * token can never open the recipient's public notice form (which hashes the bare token) and reach actions not delegated.
 */
export const delegateTokenHash = (token: string) => sha256(`delegate:${token}`);
