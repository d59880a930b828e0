import * as React from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { FormField, useFieldValidation } from './FormField';
import { TextInput } from './TextInput';
import type { ValidationMessages } from '../lib/validate';

const meta = {
  title: 'Forms/FormField',
  component: FormField,
  args: { label: 'Email', required: true, children: <TextInput /> },
  decorators: [(Story) => <div className="w-80">{Story()}</div>],
} satisfies Meta<typeof FormField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  args: { description: 'We send recall notices to this address.' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: /Email/ });
    await expect(input).toHaveAccessibleDescription('We send recall notices to this address.');
    await expect(input).toHaveAttribute('aria-required', 'true');
  },
};

export const ShowsFirstError: Story = {
  args: { error: ['Email not valid', 'Field required'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Email not valid');
    await expect(canvas.queryByText('Field required')).toBeNull();
    const input = canvas.getByRole('textbox', { name: /Email/ });
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription('Email not valid');
  },
};

function ValidatedEmail({ rules, messages }: { rules: string; messages?: Partial<ValidationMessages> }) {
  const [value, setValue] = React.useState('');
  const field = useFieldValidation(value, rules, { messages });
  return (
    <FormField label="Email" required error={field.error}>
      <TextInput value={value} onValueChange={setValue} onBlur={field.onBlur} />
    </FormField>
  );
}

export const ValidatesWithRules: Story = {
  render: () => <ValidatedEmail rules="required|email" />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('textbox', { name: /Email/ });
    await expect(canvas.queryByRole('alert')).toBeNull();
    await userEvent.click(input);
    await userEvent.tab();
    await expect(canvas.getByRole('alert')).toHaveTextContent('Field required');
    await userEvent.type(input, 'jane@');
    await expect(canvas.getByRole('alert')).toHaveTextContent('Email not valid');
    await userEvent.type(input, 'example.com');
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

export const Vietnamese: Story = {
  render: () => <ValidatedEmail rules="required|email" messages={{ required: 'Trường bắt buộc' }} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('textbox', { name: /Email/ }));
    await userEvent.tab();
    await expect(canvas.getByRole('alert')).toHaveTextContent('Trường bắt buộc');
  },
};

export const Disabled: Story = {
  args: { children: <TextInput disabled defaultValue="jane@example.com" /> },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('textbox', { name: /Email/ })).toBeDisabled();
  },
};

export const LongText: Story = {
  args: {
    label: 'Email address of the primary recall coordinator responsible for this location',
    error:
      'Minimum 8 characters, must contain at least: 1 uppercase letter, 1 lowercase letter, 1 number, and one special character (!@#$%^&*)',
  },
};

function PasswordForm() {
  const [password, setPassword] = React.useState('');
  const [confirm, setConfirm] = React.useState('');
  const [submitted, setSubmitted] = React.useState(false);
  const passwordField = useFieldValidation(password, 'required|verify_password', { showAll: submitted });
  const confirmField = useFieldValidation(confirm, 'required|confirmed:password', {
    values: { password },
    showAll: submitted,
  });
  return (
    <form
      className="grid gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        setSubmitted(true);
      }}
    >
      <FormField label="Password" required error={passwordField.error}>
        <TextInput type="password" value={password} onValueChange={setPassword} onBlur={passwordField.onBlur} />
      </FormField>
      <FormField label="Confirm password" required error={confirmField.error}>
        <TextInput type="password" value={confirm} onValueChange={setConfirm} onBlur={confirmField.onBlur} />
      </FormField>
      <button type="submit" className="justify-self-start rounded-md border px-3 py-1 text-sm">
        Save
      </button>
    </form>
  );
}

export const PasswordAndConfirmation: Story = {
  render: () => <PasswordForm />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(canvas.getAllByRole('alert').map((a) => a.textContent)).toEqual(['Field required', 'Field required']);
    await userEvent.type(canvas.getByLabelText(/^Password/), 'weakpass');
    await expect(canvas.getAllByRole('alert')[0]).toHaveTextContent(
      'Minimum 8 characters, must contain at least: 1 uppercase letter, 1 lowercase letter, 1 number, and one special character (!@#$%^&*)',
    );
    await userEvent.clear(canvas.getByLabelText(/^Password/));
    await userEvent.type(canvas.getByLabelText(/^Password/), 'Str0ng!pass');
    await userEvent.type(canvas.getByLabelText(/^Confirm password/), 'Str0ng!pas');
    await expect(canvas.getAllByRole('alert').map((a) => a.textContent)).toEqual(["Password doesn't match"]);
    await userEvent.type(canvas.getByLabelText(/^Confirm password/), 's');
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};
