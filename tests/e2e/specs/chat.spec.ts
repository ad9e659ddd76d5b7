import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { ChatPage } from '../pages/chat-page';
import { createMember } from '../pages/member-detail-page';
import { LoginPage } from '../pages/login-page';
import { saveScreenshot } from '../support/screenshots';

/**
 * The private chat between the DEMO cooperative's admin and its member DEMO0001 (Adaeze Okafor),
 * each in their own browser. The member waits on the chat page; the admin finds her under New and
 * writes; the message appears for her without a reload (pushed over the WebSocket) and the top bar
 * counts it until she opens the conversation; her reply reaches the admin the same way. A message of
 * spaces is never sent. Texts are unique per run, so a runtime that lives on between runs is fine.
 */
const MEMBER_NAME = 'Adaeze Okafor';
const ADMIN_NAME = 'Demo Admin';
const stamp = `${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}`;
const GREETING = `Good morning Adaeze, your loan form is ready (${stamp})`;
const REPLY = `Thank you, I will pick it up today (${stamp})`;

const chatPosts = (page: Page) => {
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/chat/messages')
      posts.push(request.postData() ?? '');
  });
  return posts;
};

test.describe('chat', () => {
  test('staff and a member chat live, and the top bar counts unread messages', async ({ browser, page }, testInfo) => {
    test.setTimeout(90_000);

    // The member opens chat from the top bar and waits there.
    const member = new ChatPage(page);
    await new LoginPage(page).signInAs('member');
    await member.topBarLink.click();
    await expect(page).toHaveURL(/\/app-chat$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Chat' })).toBeVisible();
    await expect(
      page.getByText('Choose a conversation under Recent, or find someone under New to start one.'),
    ).toBeVisible();

    // The admin, in another browser, finds the member under New and opens the conversation.
    const adminContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const adminPage = await adminContext.newPage();
    const adminPosts = chatPosts(adminPage);
    const admin = new ChatPage(adminPage);
    await new LoginPage(adminPage).signInAs('coopAdmin');
    await admin.topBarLink.click();
    await admin.newTab.click();
    await admin.search.fill('Adaeze');
    await adminPage.getByRole('list', { name: 'Members' }).getByRole('link', { name: MEMBER_NAME }).click();
    await expect(adminPage).toHaveURL(/\/app-chat\?with=DEMO0001$/);
    await expect(admin.conversationHeading(MEMBER_NAME)).toBeVisible();
    // She has chat open right now.
    await expect(adminPage.getByText('Online', { exact: true })).toBeVisible();

    // Spaces alone are not a message: the send button stays off and Enter sends nothing.
    await admin.input.fill('   ');
    await expect(admin.sendButton).toBeDisabled();
    await admin.input.press('Enter');

    await admin.input.fill(GREETING);
    await expect(admin.sendButton).toBeEnabled();
    await admin.input.press('Enter');
    await expect(admin.message(GREETING)).toHaveAttribute('data-side', 'own');
    await expect(admin.input).toHaveValue('');
    // The blank attempt never reached the API; the greeting did, once.
    expect(adminPosts).toHaveLength(1);
    expect(JSON.parse(adminPosts[0] ?? '{}')).toEqual({ to: 'DEMO0001', message: GREETING });

    // The member, without reloading: the conversation comes up in Recent, counted in the top bar.
    const fromAdmin = member.recentEntry(ADMIN_NAME);
    await expect(fromAdmin).toContainText(GREETING);
    const unreadLink = fromAdmin.getByRole('link', { name: new RegExp(`^${ADMIN_NAME}, \\d+ unread$`) });
    await expect(unreadLink).toBeVisible();
    await expect(member.topBarLink).toHaveAttribute('aria-label', /^Chat, \d+ unread$/);
    const unreadBefore = await member.topBarUnread();
    const unreadHere = Number(/, (\d+) unread$/.exec((await unreadLink.getAttribute('aria-label')) ?? '')?.[1]);
    expect(unreadBefore).toBeGreaterThanOrEqual(unreadHere);
    await saveScreenshot(page, testInfo, 'chat-member-unread');

    // Opening the conversation reads it: the count goes down by what it had.
    await unreadLink.click();
    await expect(page).toHaveURL(/\/app-chat\?with=DEMO-ADMIN$/);
    await expect(member.conversationHeading(ADMIN_NAME)).toBeVisible();
    await expect(member.message(GREETING)).toHaveAttribute('data-side', 'theirs');
    const unreadAfter = unreadBefore - unreadHere;
    await expect(member.topBarLink).toHaveAttribute(
      'aria-label',
      unreadAfter > 0 ? `Chat, ${unreadAfter} unread` : 'Chat',
    );
    await expect(fromAdmin.getByRole('link', { name: ADMIN_NAME, exact: true })).toBeVisible();

    // Her reply, sent with the send icon, reaches the admin's open conversation without a reload.
    await member.input.fill(REPLY);
    await member.sendButton.click();
    await expect(member.message(REPLY)).toHaveAttribute('data-side', 'own');
    await expect(fromAdmin).toContainText(`You: ${REPLY}`);

    await expect(admin.message(REPLY)).toHaveAttribute('data-side', 'theirs');
    await expect(admin.message(GREETING)).toHaveAttribute('data-side', 'own');
    // The admin has the conversation open, so the reply is read as it arrives.
    await admin.recentTab.click();
    await expect(admin.recentEntry(MEMBER_NAME)).toContainText(REPLY);
    await expect(admin.recentEntry(MEMBER_NAME).getByRole('link', { name: MEMBER_NAME, exact: true })).toBeVisible();
    await saveScreenshot(adminPage, testInfo, 'chat-admin-conversation');
    await adminContext.close();
  });

  test('a member who closes the browser is shown as last seen without a reload', async ({ browser, page, request }) => {
    test.setTimeout(90_000);
    // A member of this test alone: the demo members may have the app open in other tests.
    const member = await createMember(request);
    const memberContext = await browser.newContext();
    const memberPage = await memberContext.newPage();
    const memberLogin = new LoginPage(memberPage);
    await memberLogin.goto();
    await memberLogin.signIn(member.coopId, member.password);
    await expect(memberPage).toHaveURL(/\/dashboard$/);

    const admin = new ChatPage(page);
    await new LoginPage(page).signInAs('coopAdmin');
    await page.goto(`/app-chat?with=${member.coopId}`);
    await expect(admin.conversationHeading(member.name)).toBeVisible();
    await admin.input.fill(`Welcome to the cooperative (${stamp})`);
    await admin.input.press('Enter');
    await expect(admin.recentEntry(member.name)).toBeVisible();
    const presence = page.getByText(/^(Online|Last seen .*)$/).first();
    await expect(presence).toHaveText('Online');

    // She closes the browser: within the page's presence poll (15 s) the admin sees it.
    await memberContext.close();
    await expect(presence).toHaveText(/^Last seen /, { timeout: 25_000 });
  });
});
