/** Placeholder: replaced by the account work (see issue 11). */
export default function PrivacySection() {
  return null;
}
