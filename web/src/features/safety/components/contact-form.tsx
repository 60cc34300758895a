import { type FormEvent, useRef, useState } from 'react';
import { contactErrors, RELATIONSHIPS, SAFETY_MESSAGES } from '../../../../../core/safety/rules';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/input';
import { SelectField } from '../../../components/ui/select';
import { toast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import type { EmergencyContact } from '../../../lib/api-types';
import { type ContactBody, useSaveContact } from '../api/emergency-contacts';

type Field = 'name' | 'phone' | 'relationship';
const RELATIONSHIP_OPTIONS = RELATIONSHIPS.map((value) => ({ value, label: value }));

type ContactFormProps = {
  /** The contact to edit; absent to add one. */
  contact?: EmergencyContact;
  onDone: () => void;
  onCancel: () => void;
};

/** Add or edit an emergency contact with the server's own rules (001 §5, core/safety). */
export function ContactForm({ contact, onDone, onCancel }: ContactFormProps) {
  const save = useSaveContact();
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState({
    name: contact?.name ?? '',
    phone: contact?.phone ?? '',
    relationship: contact?.relationship ?? RELATIONSHIPS[0],
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const set = (field: Field) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = { name: values.name.trim(), phone: values.phone.trim(), relationship: values.relationship };
    const found = contactErrors(input);
    if (found.length > 0) {
      const next: Partial<Record<Field, string>> = {};
      for (const e of found) next[e.path as Field] ??= e.message;
      setErrors(next);
      form.current?.querySelector<HTMLElement>(`[name="${found[0]?.path}"]`)?.focus();
      return;
    }
    save.mutate(
      // contactErrors checked the relationship is one of the listed options.
      { ...input, relationship: input.relationship as ContactBody['relationship'], id: contact?.id },
      {
        onSuccess: () => {
          toast.success(contact ? 'Emergency contact updated' : 'Emergency contact added');
          onDone();
        },
        // 001 §8: the server's message for a refused contact, the fallback for faults.
        onError: (e) =>
          toast.error(isApiError(e) && e.status < 500 && e.detail ? e.detail : SAFETY_MESSAGES.saveContactFailed),
      },
    );
  }

  return (
    <form ref={form} noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <TextField
        label="Name"
        name="name"
        autoComplete="name"
        value={values.name}
        onChange={(e) => set('name')(e.target.value)}
        error={errors.name}
        maxLength={100}
        required
      />
      <TextField
        label="Phone number"
        name="phone"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        value={values.phone}
        onChange={(e) => set('phone')(e.target.value)}
        error={errors.phone}
        hint="Include the country code if they live outside the U.S., e.g. +44 20 7946 0958."
        required
      />
      <SelectField
        label="Relationship"
        name="relationship"
        value={values.relationship}
        onChange={set('relationship')}
        options={RELATIONSHIP_OPTIONS}
        error={errors.relationship}
        required
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={save.isPending}>
          {contact ? 'Save Changes' : 'Add Contact'}
        </Button>
      </div>
    </form>
  );
}
