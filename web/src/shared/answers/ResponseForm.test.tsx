import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { noticeAction } from '../../test/notices';
import { ResponseForm } from './ResponseForm';

describe('ResponseForm', () => {
  it('drops "Field required" under a file action once a file is uploaded to it', async () => {
    const action = noticeAction(5, 'Document');
    const upload = vi.fn(async () => undefined);
    render(
      <I18nProvider i18n={i18n}>
        <ResponseForm
          actions={[action]}
          api={{ saveAll: vi.fn(), upload, deleteFile: vi.fn() }}
          reload={async () => undefined}
          onPreview={() => undefined}
        />
      </I18nProvider>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Field required')).toBeTruthy();

    const file = new File(['%PDF-1.4'], 'lot-check.pdf', { type: 'application/pdf' });
    await user.upload(screen.getByLabelText('Action Document'), file);
    await waitFor(() => expect(upload).toHaveBeenCalledWith(action, file));
    await waitFor(() => expect(screen.queryByText('Field required')).toBeNull());
  });
});
