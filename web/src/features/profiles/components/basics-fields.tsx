import { BIO_MAX, GENDERS, MAJOR_MAX, NAME_MAX, PROFILE_MESSAGES } from '../../../../../core/profiles/rules';
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
};

/** Name, university, major, class year, gender and bio (001 §3 Profile; 001 §5 editor rules). */
export function BasicsFields({ value, onChange, errors = {}, showUniversityHint = true }: BasicsFieldsProps) {
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
      <div className="sm:col-span-2">
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
      </div>
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
