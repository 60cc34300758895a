/** The first message per field, which is what a form shows (001 §5: "the first error is shown"). */
export function firstErrorByField(errors: ReadonlyArray<{ path: string; message: string }>): Record<string, string> {
  const byField: Record<string, string> = {};
  for (const { path, message } of errors) byField[path] ??= message;
  return byField;
}
