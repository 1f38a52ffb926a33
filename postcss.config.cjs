// Panda CSS emits the styles used in src/ (see panda.config.ts) where src/ui/global.css declares its layers.
module.exports = {
  plugins: {
    '@pandacss/dev/postcss': {},
  },
};
