import { expect, test } from '@playwright/test';
import {
  expectSidebar,
  fillCredentials,
  organisationName,
  PASSWORD,
  signIn,
  tr,
  useLanguage,
  type Lang,
} from './support';

interface DemoUser {
  email: string;
  landing: string;
  organization: string | null;
  sidebar: string[];
  groups: string[];
  hidden: string[];
}

const USERS: DemoUser[] = [
  {
    email: 'admin@operator.demo',
    landing: '/notisphere/dashboard',
    organization: null,
    sidebar: [
      'Dashboard',
      'Key Metrics',
      'Recalls',
      'eR Responses',
      'Suppliers',
      'Providers',
      'Location Pre-Processor',
      'Quick Links',
      'Manage Supplier Master',
      'Devices',
      'Drugs',
    ],
    groups: [],
    hidden: ['Supply Advisories', 'Sales Reps'],
  },
  {
    email: 'admin@acme.demo',
    landing: '/supplier/dashboard',
    organization: 'Acme Medical Devices',
    sidebar: [
      'Dashboard',
      'Recalls',
      'Supply Advisories',
      'General',
      'Roles',
      'Users',
      'Sales Reps',
      'Files',
      'Learn More',
      'FAQs',
      'Contact Us',
    ],
    groups: ['Organization Settings', 'Recall Settings', 'Advisory Settings', 'Location Management', 'Help'],
    hidden: ['eR Responses', 'Key Metrics'],
  },
  {
    email: 'recalls@acme.demo',
    landing: '/supplier/recalls',
    organization: 'Acme Medical Devices',
    sidebar: ['Dashboard', 'Recalls', 'Sales Reps', 'Template Actions', 'Distribution Lists', 'Locations'],
    groups: ['Organization Settings', 'Recall Settings', 'Location Management', 'Help'],
    hidden: ['Supply Advisories', 'Roles', 'Users', 'General'],
  },
  {
    email: 'sourcing@acme.demo',
    landing: '/supplier/dashboard',
    organization: 'Acme Medical Devices',
    sidebar: ['Dashboard', 'Supply Advisories', 'Sales Reps', 'Template Actions', 'Distribution Lists'],
    groups: ['Advisory Settings', 'Location Management'],
    hidden: ['Recalls', 'Roles'],
  },
  {
    email: 'admin@borealis.demo',
    landing: '/supplier/dashboard',
    organization: 'Borealis Pharma',
    sidebar: ['Dashboard', 'Recalls', 'Supply Advisories', 'Roles', 'Users'],
    groups: ['Organization Settings'],
    hidden: ['eR Responses'],
  },
  {
    email: 'admin@riverside.demo',
    landing: '/provider/worklist',
    organization: 'Riverside Health',
    sidebar: [
      'Dashboard',
      'Recalls',
      'Supply Advisories',
      'eR Responses',
      'General',
      'Sites',
      'Supplier Contacts',
      'Email Templates',
      'Template Actions',
      'FAQs',
    ],
    groups: ['Organization Settings', 'Recall Settings', 'Help'],
    hidden: ['Sales Reps', 'Key Metrics'],
  },
  {
    email: 'responder@riverside.demo',
    landing: '/provider/er-response',
    organization: 'Riverside Health',
    sidebar: ['Dashboard', 'eR Responses', 'Learn More', 'FAQs', 'Contact Us'],
    groups: ['Help'],
    hidden: ['Recalls', 'Supply Advisories', 'Users', 'Roles'],
  },
  {
    email: 'admin@lakeshore.demo',
    landing: '/provider/worklist',
    organization: 'Lakeshore Medical Center',
    sidebar: ['Dashboard', 'Recalls', 'Supply Advisories', 'eR Responses', 'Users'],
    groups: ['Organization Settings'],
    hidden: ['Sales Reps'],
  },
];

for (const lang of ['en', 'vi'] as const satisfies readonly Lang[]) {
  test.describe(`sign in (${lang})`, () => {
    for (const user of USERS) {
      test(`${user.email} lands on ${user.landing} with its sidebar`, async ({ page }) => {
        await useLanguage(page, lang);
        await signIn(page, user.email, lang);
        await expect(page).toHaveURL(user.landing);
        await expectSidebar(page, lang, user.sidebar, user.hidden);
        if (user.landing === '/provider/worklist') {
          // Its entry's name also says how many notices need attention (the badge), so it starts with the word.
          const worklist = page
            .getByTestId('sidebar')
            .getByRole('link', { name: new RegExp(`^${tr('Worklist', lang)}`) });
          await expect(worklist).toHaveAttribute('href', '/provider/worklist');
        }
        for (const group of user.groups) {
          await expect(
            page.getByTestId('sidebar').getByRole('button', { name: tr(group, lang), exact: true }),
          ).toBeVisible();
        }
        const organization = organisationName(page);
        if (user.organization) await expect(organization).toHaveText(user.organization);
        else await expect(organization).toHaveCount(0);
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
      });
    }
  });
}

test.describe('login-as selection', () => {
  test('multi@riverside.demo chooses Lakeshore Medical Center and lands as a Responder', async ({ page }) => {
    await signIn(page, 'multi@riverside.demo');
    await expect(page.getByRole('heading', { name: 'Choose an organization' })).toBeVisible();
    await expect(page.getByRole('radio')).toHaveCount(2);
    await page.getByLabel('Lakeshore Medical Center').click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL('/provider/er-response');
    await expect(organisationName(page)).toHaveText('Lakeshore Medical Center');
    await expectSidebar(page, 'en', ['Dashboard', 'eR Responses'], ['Recalls']);
  });

  test('multi@riverside.demo chooses Riverside Health (Vietnamese) and lands on the recall list', async ({ page }) => {
    await useLanguage(page, 'vi');
    await signIn(page, 'multi@riverside.demo', 'vi');
    await expect(page.getByRole('heading', { name: tr('Choose an organization', 'vi') })).toBeVisible();
    await page.getByLabel('Riverside Health').click();
    await page.getByRole('button', { name: tr('Continue', 'vi') }).click();
    await expect(page).toHaveURL('/provider/recalls');
    await expect(organisationName(page)).toHaveText('Riverside Health');
    await expectSidebar(page, 'vi', ['Recalls', 'Sites', 'Supplier Contacts'], ['eR Responses', 'Users']);
  });
});

test('a wrong password shows the server message and stays on the login page', async ({ page }) => {
  await page.goto('/login');
  await fillCredentials(page, 'admin@borealis.demo', 'not-the-password');
  await expect(page.getByTestId('login-error')).toHaveText('Invalid email or password.');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('sidebar')).toHaveCount(0);
});

test('logout returns to login and protected pages then ask to sign in again', async ({ page }) => {
  await signIn(page, 'admin@acme.demo');
  await expect(page).toHaveURL('/supplier/dashboard');
  await page.getByRole('button', { name: /User menu/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // The refresh cookie is cleared by the server's answer, so a reload does not sign in again.
  expect((await page.context().cookies()).filter((c) => c.name === 'portal_refresh')).toEqual([]);
  await page.goto('/supplier/dashboard');
  await expect(page).toHaveURL('/login?redirect=%2Fsupplier%2Fdashboard');
});

test('an unauthenticated visit returns to the remembered route after login', async ({ page }) => {
  await page.goto('/account/edit?conId=5&tabName=password');
  await expect(page).toHaveURL('/login?redirect=%2Faccount%2Fedit%3FconId%3D5%26tabName%3Dpassword');
  await fillCredentials(page, 'admin@acme.demo', PASSWORD);
  await expect(page).toHaveURL('/account/edit?conId=5&tabName=password');
  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(breadcrumb).toContainText('My Profile');
  await expect(breadcrumb).toContainText('Edit Profile');
  await expect(page).toHaveTitle('Edit Profile | Notisphere');
});

test('a route without the permission sends the user to the landing page with a notice', async ({ page }) => {
  await signIn(page, 'recalls@acme.demo');
  await expect(page).toHaveURL('/supplier/recalls');
  await page.goto('/supplier/product-disruption');
  await expect(page).toHaveURL('/supplier/recalls');
  await expect(page.getByTestId('access-denied')).toContainText("You don't have permission to access.");
});

test('the language switcher on the login page translates and persists the choice', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Vietnamese' }).click();
  await expect(page.getByRole('heading', { name: 'Đăng nhập' })).toBeVisible();
  await expect(
    page.getByRole('group', { name: 'Ngôn ngữ' }).getByRole('button', { name: 'Tiếng Việt' }),
  ).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Đăng nhập' })).toBeVisible();
  await fillCredentials(page, 'admin@riverside.demo', PASSWORD, 'vi');
  await expect(page).toHaveURL('/provider/worklist');
  await expectSidebar(page, 'vi', ['Dashboard', 'Recalls']);
});

test('unknown paths show the not-found page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByTestId('not-found')).toBeVisible();
});

test('the language switcher of the shell translates the menu and keeps its opened groups open', async ({ page }) => {
  await signIn(page, 'admin@lakeshore.demo');
  await expect(page).toHaveURL('/provider/worklist');
  const sidebar = page.getByTestId('sidebar');
  await sidebar.getByRole('button', { name: 'Organization Settings', exact: true }).click();
  await expect(sidebar.getByRole('link', { name: 'Sites', exact: true })).toBeVisible();
  await page
    .getByRole('main')
    .getByRole('group', { name: 'Language' })
    .getByRole('button', { name: 'Vietnamese' })
    .click();
  await expect(page.getByRole('navigation', { name: 'Đường dẫn' })).toContainText('Trang chủ');
  // The group the user opened stays open when the words change (its key was once the translated label).
  const group = sidebar.getByRole('button', { name: tr('Organization Settings', 'vi'), exact: true });
  await expect(group).toHaveAttribute('aria-expanded', 'true');
  await expect(sidebar.getByRole('link', { name: tr('Sites', 'vi'), exact: true })).toBeVisible();
  await expectSidebar(page, 'vi', ['Dashboard', 'Recalls', 'Sites']);
});

test('the profile page shows the signed-in user', async ({ page }) => {
  await signIn(page, 'admin@riverside.demo');
  await expect(page).toHaveURL('/provider/worklist');
  await page.getByRole('button', { name: /User menu/ }).click();
  await page.getByRole('menuitem', { name: 'My Profile' }).click();
  await expect(page).toHaveURL('/account');
  const profile = page.getByTestId('account');
  await expect(profile).toContainText('Rita Riverside');
  await expect(profile).toContainText('admin@riverside.demo');
  await expect(profile).toContainText('Riverside Health');
});

test('an event link the user may not open shows the blocking permission-denied overlay', async ({ page }) => {
  await signIn(page, 'responder@riverside.demo');
  await expect(page).toHaveURL('/provider/er-response');
  await page.goto('/provider/product-disruption/view/1/2');
  await expect(page).toHaveURL('/provider/er-response');
  const overlay = page.getByRole('alertdialog');
  await expect(overlay).toContainText('Access denied');
  await overlay
    .getByRole('button', { name: /OK|Request Access/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/login$/);
});
