import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [react(), tailwindcss()],
  // The manifest lets scripts/check-budgets.ts follow each route's chunk graph.
  build: { manifest: true },
  server: {
    proxy: {
      '^/(auth|rest|storage|functions|realtime)/v1': { target: 'http://localhost:8080', ws: true },
      '/api': 'http://localhost:8080',
    },
  },
})
