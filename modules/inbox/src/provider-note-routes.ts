import { type ModuleDeps, type Route, route } from '@portal/core';
import * as s from './schemas.js';
import { loadScopedProviderCommunication, PROVIDER_EVENT_PERMISSIONS } from './services/scope.js';
import { getNote, getNoteDocument, listNotes, saveNote } from './services/workspace.js';

const access = PROVIDER_EVENT_PERMISSIONS;

/** Provider notes (001 §7.7). */
export function providerNoteRoutes({ db, config, files }: ModuleDeps): Route[] {
  return [
    // ---- provider notes (001 §7.7) ----
    route({
      method: 'POST',
      path: '/provider/communication-notes/save-note/:a/:b/:c',
      access,
      tags: ['provider notes'],
      multipart: true,
      summary:
        'Save a note on provider communication b of event a (c = 0 creates, else updates note c); optional form field file',
      schema: {
        params: s.params(['a', 'b', 'c'], { zero: ['c'] }),
        body: {
          type: 'object',
          properties: { note: { type: 'string', maxLength: 10_000 }, removeFile: { type: 'boolean' } },
        },
      },
      owner: ({ actor, params }) =>
        loadScopedProviderCommunication(db, actor, params.b!, { communicationId: params.a! }),
      handler: ({ actor, params, body, files: uploads }) =>
        saveNote(
          db,
          files,
          config,
          actor,
          params.a!,
          params.b!,
          params.c!,
          { note: body.note ?? '', removeFile: body.removeFile },
          uploads,
        ),
    }),
    route({
      method: 'GET',
      path: '/provider/communication-notes/get-note/:id',
      access,
      tags: ['provider notes'],
      summary: 'One note',
      schema: { params: s.params(['id']), response: s.note },
      handler: ({ actor, params }) => getNote(db, config, actor, params.id!),
    }),
    route({
      method: 'GET',
      path: '/provider/communication-notes/document/:id',
      access,
      tags: ['provider notes'],
      summary: 'The attachment of note id (signed links)',
      schema: { params: s.params(['id']) },
      handler: ({ actor, params }) => getNoteDocument(db, config, actor, params.id!),
    }),
    route({
      method: 'GET',
      path: '/provider/communication-notes/:a/:b',
      access,
      tags: ['provider notes'],
      summary: 'Notes of provider communication b of event a, newest first',
      schema: { params: s.params(['a', 'b']), response: { type: 'array', items: s.note } },
      handler: ({ actor, params }) => listNotes(db, config, actor, params.a!, params.b!),
    }),
  ];
}
