/**
 * NOTE: names the device and browser of a User-Agent for the sessions list, as a person would say them
 * ('Chrome' on 'Windows computer'). Only families, never versions: the list helps someone recognise their own
 * browsers, and a version would change under them. Anything unrecognised is 'Unknown device' / 'Unknown browser';
 * the text is never trusted for anything else.
 */

export type DeviceAndBrowser = { device: string; browser: string };

// First match wins: Edge, Opera and Samsung Internet also say 'Chrome', and Chrome also says 'Safari'.
const BROWSERS: Array<[RegExp, string]> = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera|OPiOS)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bVivaldi\//, 'Vivaldi'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(Chrome|CriOS|Chromium)\/|HeadlessChrome\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\b(iPhone|iPad).*\bAppleWebKit\//, 'Safari'],
  [/^curl\//, 'curl'],
];

// Tablets before phones (an Android tablet has no 'Mobile'); iPadOS 13+ says 'Macintosh', so a touch Mac reads as a Mac.
const DEVICES: Array<[RegExp, string]> = [
  [/\biPad\b/, 'iPad'],
  [/\biPhone\b|\biPod\b/, 'iPhone'],
  [/\bAndroid\b.*\bMobile\b/, 'Android phone'],
  [/\bAndroid\b/, 'Android tablet'],
  [/\bCrOS\b/, 'Chromebook'],
  [/\bWindows\b/, 'Windows computer'],
  [/\bMacintosh\b|\bMac OS X\b/, 'Mac'],
  [/\bLinux\b|\bX11\b/, 'Linux computer'],
];

const match = (table: Array<[RegExp, string]>, ua: string, fallback: string) =>
  table.find(([pattern]) => pattern.test(ua))?.[1] ?? fallback;

export function deviceAndBrowser(userAgent: string): DeviceAndBrowser {
  const ua = userAgent.trim();
  return { device: match(DEVICES, ua, 'Unknown device'), browser: match(BROWSERS, ua, 'Unknown browser') };
}
