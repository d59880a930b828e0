import { validate, type ValidationMessages } from '@portal/design-system';
import type { ProviderMemberInput } from '../../api/provider';

/** A new member: a chosen provider organisation, else the email (with its optional name). */
export function memberInput(providerId: string, email: string, name: string): ProviderMemberInput {
  if (providerId) return { provider_organization_id: Number(providerId) };
  const trimmed = name.trim();
  return trimmed ? { email: email.trim(), name: trimmed } : { email: email.trim() };
}

/** The member form's error: with no provider chosen, the email is required and must be valid. */
export function validateMember(providerId: string, email: string, messages: ValidationMessages): string | null {
  return providerId ? null : validate(email, 'required|email', { messages });
}
