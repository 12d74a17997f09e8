/** An error shown under the field it is about (field-error.ts finds the field). */
export function FieldError({ id, message }: { id: string; message: string }) {
  return (
    <p class="field-error" id={id} role="alert">
      {message}
    </p>
  );
}
