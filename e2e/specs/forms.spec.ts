import { expect, test } from '@playwright/test'
import { readAsServiceRole, uniqueEmail } from '../support/backend'

test.describe('a prospective tenant', () => {
  test('is told to fill in the required fields of the leasing form', async ({ page }) => {
    await page.goto('/leasing#enquiry-form')
    const form = page.getByRole('form', { name: 'Leasing enquiry' })
    await form.getByLabel('First name').fill('Ayanda')
    await form.getByRole('button', { name: 'Submit Enquiry' }).click()
    await expect(form.getByRole('alert')).toHaveText('Please fill in all required fields')
  })

  test('sends a leasing enquiry, sees the success toast, and it is stored', async ({ page, request }) => {
    const email = uniqueEmail('leasing')
    await page.goto('/leasing#enquiry-form')
    const form = page.getByRole('form', { name: 'Leasing enquiry' })
    await form.getByLabel('First name').fill('Ayanda')
    await form.getByLabel('Last name').fill('Dlamini')
    await form.getByLabel('Email').fill(email)
    await form.getByLabel('Company').fill('Bean There Coffee')
    await form.getByLabel('Business type').selectOption('food')
    await form.getByLabel('Message').fill('Looking for 80 m² near the food court.')
    await form.getByRole('button', { name: 'Submit Enquiry' }).click()
    await expect(page.getByText('Enquiry received!')).toBeVisible()
    await expect(page.getByText("Thank you for your interest. We'll be in touch shortly.")).toBeVisible()
    await expect(form.getByLabel('First name')).toHaveValue('')

    const rows = await readAsServiceRole(
      request,
      `enquiries?select=kind,name,company,business_type,source&email=eq.${email}`,
    )
    expect(rows).toEqual([
      {
        kind: 'leasing',
        name: 'Ayanda Dlamini',
        company: 'Bean There Coffee',
        business_type: 'food',
        source: 'leasing_form',
      },
    ])
  })

  test('enquires about a vacant unit from its card', async ({ page, request }) => {
    const email = uniqueEmail('unit')
    await page.goto('/leasing')
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Unit UG10' }) })
    await expect(card.getByText('Available Now')).toBeVisible()
    await expect(card.getByText('Featured')).toBeVisible()
    await expect(card.getByText('R 165.00 /m²')).toBeVisible()
    await card.getByRole('button', { name: 'Enquire Now' }).click()
    const dialog = page.getByRole('dialog', { name: 'Enquire about Unit UG10' })
    await dialog.getByLabel('Email').fill(email)
    await dialog.getByRole('button', { name: 'Send Enquiry' }).click()
    await expect(dialog.getByRole('alert')).toHaveText('Missing required fields')
    await dialog.getByLabel('Full name').fill('Thabo Nkosi')
    await dialog.getByRole('button', { name: 'Send Enquiry' }).click()
    await expect(page.getByText('Enquiry sent successfully!')).toBeVisible()
    await expect(page.getByText('Our leasing team will contact you within 24 hours.')).toBeVisible()
    await expect(dialog).toBeHidden()

    const rows = await readAsServiceRole(request, `enquiries?select=kind,unit_number,name&email=eq.${email}`)
    expect(rows).toEqual([{ kind: 'unit', unit_number: 'UG10', name: 'Thabo Nkosi' }])
  })
})

test.describe('a visitor with a question', () => {
  test('is told to fill in the required fields of the contact form', async ({ page }) => {
    await page.goto('/contact')
    const form = page.getByRole('form', { name: 'Send us a message' })
    await form.getByLabel('First name').fill('Lerato')
    await form.getByLabel('Last name').fill('Mokoena')
    await form.getByLabel('Email').fill('lerato@example.com')
    await form.getByRole('button', { name: 'Send Message' }).click()
    await expect(form.getByRole('alert')).toHaveText('Please fill in all required fields')
    await expect(form.getByLabel('Message')).toHaveAttribute('aria-invalid', 'true')
  })

  test('sends a message, sees the success toast, and it is stored', async ({ page, request }) => {
    const email = uniqueEmail('contact')
    await page.goto('/contact')
    const form = page.getByRole('form', { name: 'Send us a message' })
    await form.getByLabel('First name').fill('Lerato')
    await form.getByLabel('Last name').fill('Mokoena')
    await form.getByLabel('Email').fill(email)
    await form.getByLabel('Enquiry type').selectOption('general')
    await form.getByLabel('Message').fill('Is there a post office in the centre?')
    await form.getByRole('button', { name: 'Send Message' }).click()
    await expect(page.getByText('Message sent successfully!')).toBeVisible()
    await expect(page.getByText("Thank you for contacting us. We'll get back to you shortly.")).toBeVisible()
    await expect(form.getByLabel('Message')).toHaveValue('')

    const rows = await readAsServiceRole(
      request,
      `enquiries?select=kind,name,enquiry_type,message,source&email=eq.${email}`,
    )
    expect(rows).toEqual([
      {
        kind: 'contact',
        name: 'Lerato Mokoena',
        enquiry_type: 'general',
        message: 'Is there a post office in the centre?',
        source: 'contact_page',
      },
    ])
  })
})

test.describe('a visitor subscribing to the newsletter', () => {
  test('subscribes and sees the success toast', async ({ page, request }) => {
    const email = uniqueEmail('news')
    await page.goto('/')
    const form = page.getByRole('form', { name: 'Newsletter signup' })
    await form.getByLabel('Email address').fill(email)
    await form.getByRole('button', { name: 'Subscribe' }).click()
    await expect(page.getByText('Successfully subscribed!')).toBeVisible()
    await expect(form.getByLabel('Email address')).toHaveValue('')
    const rows = await readAsServiceRole(
      request,
      `newsletter_subscribers?select=email,status&email=eq.${email}`,
    )
    expect(rows).toEqual([{ email, status: 'pending' }])
  })

  test('is told the subscription failed for an invalid address', async ({ page }) => {
    await page.goto('/')
    const form = page.getByRole('form', { name: 'Newsletter signup' })
    await form.getByLabel('Email address').fill('not-an-address')
    await form.getByRole('button', { name: 'Subscribe' }).click()
    await expect(page.getByText('Subscription failed')).toBeVisible()
    await expect(page.getByText(/Please try again or contact us directly at /)).toBeVisible()
    await expect(form.getByLabel('Email address')).toHaveValue('not-an-address')
  })
})
