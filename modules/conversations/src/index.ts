import type { ModuleDeps, PortalModule } from '@portal/core';
import { conversationRoutes } from './routes.js';

/**
 * Conversations between a supplier and a provider about one provider communication (spec 001 §7.2): their
 * own module (not communications) because they are a thread with its own tables, files, read markers and mail, and
 * reach the event only through the communications and inbox indexes.
 */
export { Conversation } from './models/Conversation.js';
export { conversationLink, conversationsOfCommunication } from './services/conversation-writes.js';
export { seedDemoConversations } from './demo.js';
// The supplier's worklist reads which conversations wait for its answer (composed by the reports module).
export { type UnansweredConversation, unansweredConversations } from './services/unanswered.js';

export function createConversationsModule(deps: ModuleDeps): PortalModule {
  return { name: 'conversations', routes: conversationRoutes(deps) };
}
