/** Placeholder: replaced by the account work (see issue 11). */
export default function PasswordSection() {
  return null;
}
