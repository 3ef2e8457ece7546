import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../config.ts'
import { allowedRedirect, mergeMetadata, normaliseEmail, withoutRole } from './request-input.ts'

const config = loadConfig({
  SITE_URL: 'https://genesis.example',
  ADDITIONAL_REDIRECT_URLS: 'http://localhost:5173, https://genesis.example/portal/',
})

describe('redirect allow-list', () => {
  it('keeps addresses under an allowed origin and path', () => {
    expect(allowedRedirect(config, 'https://genesis.example/account/reset')).toBe(
      'https://genesis.example/account/reset',
    )
    expect(allowedRedirect(config, 'http://localhost:5173/portal?x=1')).toBe(
      'http://localhost:5173/portal?x=1',
    )
  })

  it('falls back to the site for anything else', () => {
    for (const bad of [
      'https://evil.example/',
      'https://genesis.example.evil.example/',
      'https://genesis.example@evil.example/',
      'http://genesis.example/',
      'javascript:alert(1)',
      'not a url',
      '//evil.example',
    ]) {
      expect(allowedRedirect(config, bad), bad).toBe('https://genesis.example')
    }
    expect(allowedRedirect(config, undefined)).toBe('https://genesis.example')
  })

  it('matches path prefixes on segment boundaries', () => {
    const narrow = loadConfig({ SITE_URL: 'https://a.example/app' })
    expect(allowedRedirect(narrow, 'https://a.example/app/x')).toBe('https://a.example/app/x')
    expect(allowedRedirect(narrow, 'https://a.example/application')).toBe('https://a.example/app')
  })
})

describe('e-mail addresses and metadata', () => {
  it('normalises addresses and refuses malformed ones', () => {
    expect(normaliseEmail('  Tenant.A@Genesis-Centre.TEST ')).toBe('tenant.a@genesis-centre.test')
    expect(() => normaliseEmail('no-at-sign')).toThrow('Unable to validate email address: invalid format')
  })

  it('merges metadata with null removal and strips role from user input', () => {
    expect(mergeMetadata({ a: 1, b: 2 }, { b: null, c: 3 })).toEqual({ a: 1, c: 3 })
    expect(mergeMetadata({ a: 1 }, undefined)).toEqual({ a: 1 })
    expect(withoutRole({ role: 'admin', name: 'x' })).toEqual({ name: 'x' })
  })
})
