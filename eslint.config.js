import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'styled-system/**', '.astro/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/server/**'], message: 'Only src/server (and tests) may import server code.' }] },
      ],
    },
  },
  {
    files: ['src/server/**', 'tests/**', 'bench/**', 'scripts/**', 'astro.config.mjs'],
    rules: { 'no-restricted-imports': 'off' },
  },
  // src/shared is imported by both sides, so it may lean on neither: valibot and src/shared only.
  ...[
    { files: ['src/shared/*.ts'], outside: '^\\.\\./' },
    { files: ['src/shared/*/*.ts'], outside: '^\\.\\./\\.\\./' },
  ].map(({ files, outside }) => ({
    files,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(?!valibot$|\\.)', message: 'src/shared imports only valibot.' },
            { regex: outside, message: 'src/shared imports only valibot and src/shared.' },
          ],
        },
      ],
    },
  })),
);
