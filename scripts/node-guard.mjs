// Every npm script runs this first: the pinned `node` devDependency (Node 24) must be the one running. npm puts
// node_modules/.bin first on PATH for the scripts it runs, so after `npm ci` it is, whatever the system Node is.
// package.json `engines` names the Node that runs npm itself (installing needs Node 20 or later); the Node that
// runs Savepoint is checked here (ADR 002).
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  console.error(
    `\n✖ Savepoint needs Node >= 22.12 but this is Node ${process.versions.node}.\n` +
      '  Run it through npm scripts after `npm ci` (the pinned "node" devDependency provides Node 24),\n' +
      '  not with node_modules/.bin/* or the system node directly.\n',
  );
  process.exit(1);
}
