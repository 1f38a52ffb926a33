/**
 * NOTE: a throwaway self-signed certificate for a loopback HTTPS server standing in for a push service (the
 * integration tests' and the bench's), for `localhost` and 127.0.0.1, valid a week. Made with the system's openssl
 * (.ci/run installs it). The process that talks to the server must trust it through NODE_EXTRA_CA_CERTS, which
 * Node reads when it starts.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

export function makeCertificate(dir: string, name = 'push'): { certFile: string; keyFile: string } {
  const certFile = path.join(dir, `${name}-cert.pem`);
  const keyFile = path.join(dir, `${name}-key.pem`);
  const subject = ['-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1'];
  const key = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', keyFile];
  execFileSync(
    'openssl',
    ['req', '-x509', ...key, '-days', '7', ...subject, '-addext', 'basicConstraints=critical,CA:TRUE', '-out', certFile],
    {
      stdio: 'ignore',
    },
  );
  return { certFile, keyFile };
}
