import { BIO_MAX, GENDERS, MAJOR_MAX, NAME_MAX, PROFILE_MESSAGES } from '../../../../../core/profiles/rules';
import { LockIcon } from '../../../components/ui/icons';
import { TextField } from '../../../components/ui/input';
import { SelectField } from '../../../components/ui/select';
import { TextareaField } from '../../../components/ui/textarea';
import { type BasicsDraft, GRADUATION_YEARS } from './profile-draft';
import { SuggestionCombobox } from './suggestion-combobox';

type BasicsFieldsProps = {
  value: BasicsDraft;
  onChange: (patch: Partial<BasicsDraft>) => void;
  errors?: Record<string, string>;
  /** Show "choose from the list" once the user has typed a university that is not chosen. */
  showUniversityHint?: boolean;
  /**
   * The school the confirmed address gives (issue 16 §1): shown locked when set; null means the
   * address's domain is not a known school, so the list is open and the school is not verified.
   * Left out, the field is the plain list.
   */
  verifiedUniversity?: string | null;
};

/** The school from the confirmed address: read-only, with why and where to change it (issue 16 §1). */
function LockedUniversity({ school, error }: { school: string; error?: string }) {
  return (
    <TextField
      label={
        <span className="inline-flex items-center gap-1.5">
          University <LockIcon className="size-4 text-ink-600" />
        </span>
      }
      value={school}
      readOnly
      className="sm:col-span-2"
      hint={
        <>
          <span className="font-semibold text-success-700">School verified.</span> It comes from your confirmed
          university e-mail address. To change school, change your address in Settings.
        </>
      }
      error={error}
    />
  );
}

/** Name, university, major, class year, gender and bio (001 §3 Profile; 001 §5 editor rules). */
export function BasicsFields({
  value,
  onChange,
  errors = {},
  showUniversityHint = true,
  verifiedUniversity,
}: BasicsFieldsProps) {
  const universityError =
    errors['basics.university'] ??
    (showUniversityHint && value.university.trim() && !value.universityChosen
      ? PROFILE_MESSAGES.universityUnknown
      : undefined);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        label={
          <>
            Name
            <span className="text-danger-700" aria-hidden="true">
              {' '}
              *
            </span>
          </>
        }
        autoComplete="given-name"
        required
        maxLength={NAME_MAX}
        value={value.name}
        onChange={(e) => onChange({ name: e.target.value })}
        error={errors['basics.name']}
        className="sm:col-span-2"
      />
      {verifiedUniversity ? (
        <LockedUniversity school={verifiedUniversity} error={errors['basics.university']} />
      ) : (
        <div className="flex flex-col gap-1.5 sm:col-span-2">
          <SuggestionCombobox
            kind="universities"
            label="University"
            required
            placeholder="Start typing your university"
            value={value.university}
            onChange={(text) => onChange({ university: text, universityChosen: false })}
            onSelect={(item) => onChange({ university: item, universityChosen: true })}
            error={universityError}
          />
          {verifiedUniversity === null && (
            <p className="text-sm text-ink-600">
              <span className="font-semibold text-ink-800">School not verified.</span> Your e-mail address is not from a
              school we know, so choose yours from the list; it shows as not verified.
            </p>
          )}
        </div>
      )}
      <SuggestionCombobox
        kind="majors"
        label="Major"
        placeholder="e.g. Computer Science"
        value={value.major}
        onChange={(text) => onChange({ major: text.slice(0, MAJOR_MAX) })}
        onSelect={(item) => onChange({ major: item })}
        error={errors['basics.major']}
      />
      <SelectField
        label="Class year"
        placeholder="Select…"
        value={value.graduationYear}
        onChange={(v) => onChange({ graduationYear: v })}
        options={GRADUATION_YEARS.map((y) => ({ value: String(y), label: `Class of ${y}` }))}
      />
      <SelectField
        label="Gender"
        placeholder="Select…"
        value={value.gender}
        onChange={(v) => onChange({ gender: v })}
        options={GENDERS.map((g) => ({ value: g, label: g }))}
        error={errors['basics.gender']}
        className={value.gender === 'Prefer to self-describe' ? '' : 'sm:col-span-2'}
      />
      {value.gender === 'Prefer to self-describe' && (
        <TextField
          label="Your gender"
          maxLength={50}
          value={value.genderSelfDescribe}
          onChange={(e) => onChange({ genderSelfDescribe: e.target.value })}
          error={errors['basics.genderSelfDescribe']}
        />
      )}
      <TextareaField
        label="Bio"
        rows={3}
        max={BIO_MAX}
        placeholder="A few lines about you: what you study, what a good week looks like…"
        value={value.bio}
        onChange={(e) => onChange({ bio: e.target.value })}
        error={errors['basics.bio']}
        className="sm:col-span-2"
      />
    </div>
  );
}
