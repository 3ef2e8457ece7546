import '@fontsource-variable/inter/wght.css'
import './styles/index.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { AppProvider } from './app/provider'
import { AppRouter } from './app/router'
import { initMonitoring } from './lib/monitoring/init'

// Before the first render, so that errors while starting are reported too (spec §8).
initMonitoring()

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

createRoot(root).render(
  <StrictMode>
    <AppProvider>
      <AppRouter />
    </AppProvider>
  </StrictMode>,
)
