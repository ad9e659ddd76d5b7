import type { Browser, Page, TestInfo } from '@playwright/test';
import { expect, test } from '@playwright/test';
import type { Envelope } from '@coopledger/shared/envelope';
import { AppShellPage } from '../pages/app-shell-page';
import { LoginPage } from '../pages/login-page';
import { BallotPage, ContestantsModal, PollsPage } from '../pages/polls-page';
import type { AccountName } from '../support/demo-accounts';
import { ACCOUNTS } from '../support/demo-accounts';
import { saveScreenshot } from '../support/screenshots';

/**
 * Elections end to end on the seeded DEMO cooperative (infra/local/seed.ts): an admin creates an
 * election open today with two positions and stands four members for them; a member and an
 * executive, each in a browser of their own, vote in both positions; a second vote in the same
 * position is refused; the admin's Results tab shows the counts and shares. The election's name is
 * new on every run, and the contestants (DEMO0009 to DEMO0012) are members no other spec uses.
 */
const POSITIONS = { chair: 'Chairperson', treasurer: 'Treasurer' } as const;
const CONTESTANTS = {
  chairA: { id: 'DEMO0009', name: 'Ifeanyi Obi' },
  chairB: { id: 'DEMO0010', name: 'Jumoke Alabi' },
  treasurerA: { id: 'DEMO0011', name: 'Kelechi Umeh' },
  treasurerB: { id: 'DEMO0012', name: 'Lami Abubakar' },
} as const;

const manifestoOf = (name: string, position: string) => `${name} for ${position}: open books and monthly reports.`;

/** A day in UTC, the server's calendar for an election's phase: as the date picker takes it and as the API sends it. */
function utcDay(offsetDays: number): { typed: string; api: string } {
  const api = new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
  return { typed: api.replaceAll('-', '/'), api };
}

async function signInAs(page: Page, account: AccountName): Promise<void> {
  await new LoginPage(page).signInAs(account);
}

/** A member's own browser (cookies, storage and session of its own), signed in. */
async function memberBrowser(browser: Browser, testInfo: TestInfo, account: AccountName): Promise<Page> {
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const page = await context.newPage();
  await signInAs(page, account);
  return page;
}

/**
 * The member votes for one contestant in each position and sees each position's Vote buttons
 * close. Returns the election's id, from the ballot's address.
 */
async function voteInBoth(
  page: Page,
  election: string,
  choices: { chair: string; treasurer: string },
  others: { chair: string; treasurer: string },
): Promise<string> {
  const ballot = new BallotPage(page);
  const shell = new AppShellPage(page);
  await ballot.open(election);
  await expect(page).toHaveURL(/\/member\/elections\/contestants\?id=/);
  await expect(page.getByRole('heading', { name: election })).toBeVisible();
  await expect(page.getByText('In progress', { exact: true })).toBeVisible();

  // The manifesto the admin wrote, before choosing.
  await page.getByRole('button', { name: `View Manifesto of ${choices.chair}` }).click();
  const manifesto = page.getByRole('dialog', { name: `Manifesto of ${choices.chair}` });
  await expect(manifesto).toContainText(manifestoOf(choices.chair, POSITIONS.chair));
  await manifesto.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(manifesto).toBeHidden();

  for (const position of ['chair', 'treasurer'] as const) {
    await ballot.vote(choices[position]);
    await expect(
      shell.toast(`Your vote for ${choices[position]} as ${POSITIONS[position]} has been recorded`),
    ).toBeVisible();
    await expect(page.getByText(`You voted for ${choices[position]}`)).toBeVisible();
    // One vote per position: every Vote button of the position is now closed.
    await expect(ballot.voteButton(choices[position])).toBeDisabled();
    await expect(ballot.voteButton(others[position])).toBeDisabled();
  }
  return new URL(page.url()).searchParams.get('id') ?? '';
}

test.describe('elections', () => {
  test.describe.configure({ timeout: 240_000 });

  test('an admin runs an election, a member and an executive vote once per position, and the results show the counts', async ({
    page,
    browser,
    playwright,
  }, testInfo) => {
    const election = `Board election ${Date.now().toString(36)}`;
    let electionId = '';
    const polls = new PollsPage(page);
    const shell = new AppShellPage(page);

    await test.step('the admin creates the election, open today, with two positions', async () => {
      await signInAs(page, 'coopAdmin');
      await polls.goto();
      await expect(page.getByRole('heading', { level: 1, name: 'Manage Polls' })).toBeVisible();
      await polls.createElection({
        name: election,
        description: 'Officers for the next two years',
        start: utcDay(0).typed,
        end: utcDay(7).typed,
        positions: [POSITIONS.chair, POSITIONS.treasurer],
      });
      await expect(shell.toast(`${election} created`)).toBeVisible();
      await expect(polls.electionForm).toHaveCount(0);

      // The search narrows the cards to this run's election.
      await polls.search.fill(election);
      const card = polls.card(election);
      await expect(card).toHaveCount(1);
      await expect(card).toContainText('Open');
      await expect(card).toContainText('No contestants yet');
      await expect(card.getByRole('checkbox', { name: `${election} active` })).toBeChecked();
    });

    await test.step('the admin stands two members for each position', async () => {
      await polls.openAction(election, 'Manage Contestants');
      const contestants = new ContestantsModal(page, election);
      await expect(contestants.dialog).toBeVisible();
      const stand = async (contestant: { id: string; name: string }, position: string) => {
        await contestants.add(contestant.id, manifestoOf(contestant.name, position));
        await expect(shell.toast(`${contestant.name} added as a contestant`)).toBeVisible();
        await expect(contestants.row(contestant.name)).toContainText(contestant.id);
      };
      // The list opens on the first position.
      await stand(CONTESTANTS.chairA, POSITIONS.chair);
      await stand(CONTESTANTS.chairB, POSITIONS.chair);
      await contestants.showPosition(POSITIONS.treasurer);
      await stand(CONTESTANTS.treasurerA, POSITIONS.treasurer);
      await stand(CONTESTANTS.treasurerB, POSITIONS.treasurer);
      await saveScreenshot(page, testInfo, 'elections-manage-contestants');
      // The footer's Close (the header's close icon has the same name).
      await contestants.dialog.getByRole('button', { name: 'Close', exact: true }).last().click();

      const card = polls.card(election);
      await expect(card.getByRole('group', { name: '4 contestants' })).toBeVisible();
      await expect(card.getByRole('img', { name: CONTESTANTS.chairA.name })).toBeVisible();
    });

    await test.step('a member and an executive vote, each in their own browser', async () => {
      const member = await memberBrowser(browser, testInfo, 'member');
      const executive = await memberBrowser(browser, testInfo, 'executive');
      try {
        electionId = await voteInBoth(
          member,
          election,
          { chair: CONTESTANTS.chairA.name, treasurer: CONTESTANTS.treasurerA.name },
          { chair: CONTESTANTS.chairB.name, treasurer: CONTESTANTS.treasurerB.name },
        );
        await saveScreenshot(member, testInfo, 'elections-member-ballot');
        await voteInBoth(
          executive,
          election,
          { chair: CONTESTANTS.chairA.name, treasurer: CONTESTANTS.treasurerB.name },
          { chair: CONTESTANTS.chairB.name, treasurer: CONTESTANTS.treasurerA.name },
        );

        // Reading the ballot again (a new visit) still shows the vote, with the position closed to the member.
        const ballot = new BallotPage(member);
        await member.reload();
        await expect(member.getByText(`You voted for ${CONTESTANTS.chairA.name}`)).toBeVisible();
        await expect(ballot.voteButton(CONTESTANTS.chairB.name)).toBeDisabled();
        // While voting is open the results are the staff's only.
        await expect(member.getByRole('heading', { name: 'Results' })).toHaveCount(0);
      } finally {
        await member.context().close();
        await executive.context().close();
      }
    });

    await test.step('a second vote in the same position is refused by the server', async () => {
      const request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
      try {
        const { loginId, password } = ACCOUNTS.member;
        const login = await request.post('/api/v1/auth/login', { data: { coop_id: loginId, password } });
        const token = ((await login.json()) as Envelope<{ token: { token: string } }>).data.token.token;
        const headers = { authorization: `Bearer ${token}` };
        const positions = (await (
          await request.get('/api/v1/cooperative/voting/position/election', {
            params: { election_id: electionId },
            headers,
          })
        ).json()) as Envelope<{ id: string; name: string; my_vote: string | null }[]>;
        const chair = positions.data.find((position) => position.name === POSITIONS.chair);
        const contestants = (await (
          await request.get('/api/v1/cooperative/voting/contestant/position', {
            params: { position_id: chair?.id ?? '' },
            headers,
          })
        ).json()) as Envelope<{ id: string; coop_id: string }[]>;
        const other = contestants.data.find((contestant) => contestant.coop_id === CONTESTANTS.chairB.id);
        expect(chair?.my_vote).toBeTruthy();

        const again = await request.post('/api/v1/cooperative/voting/vote', {
          headers,
          data: { election_id: electionId, position_id: chair?.id, contestant_id: other?.id, coop_id: loginId },
        });
        expect(again.status()).toBe(409);
        expect(((await again.json()) as Envelope<null>).message).toBe(`You have already voted for ${POSITIONS.chair}`);
      } finally {
        await request.dispose();
      }
    });

    await test.step("the admin's Results tab shows the votes and shares of each position", async () => {
      await polls.goto();
      await polls.search.fill(election);
      const card = polls.card(election);
      // Four ballots from two voters.
      await expect(card).toContainText(/Votes\s*4/);
      await expect(card).toContainText(/2 of \d+ members voted/);

      await polls.openAction(election, 'View Results');
      await expect(page.getByRole('tab', { name: 'Results', selected: true })).toBeVisible();
      const chair = page.getByRole('table', { name: `Results for ${POSITIONS.chair}` });
      const treasurer = page.getByRole('table', { name: `Results for ${POSITIONS.treasurer}` });
      await expect(chair.getByRole('row').filter({ hasText: CONTESTANTS.chairA.name })).toContainText(/2\s*100%/);
      await expect(chair.getByRole('row').filter({ hasText: CONTESTANTS.chairB.name })).toContainText(/0\s*0%/);
      await expect(treasurer.getByRole('row').filter({ hasText: CONTESTANTS.treasurerA.name })).toContainText(
        /1\s*50%/,
      );
      await expect(treasurer.getByRole('row').filter({ hasText: CONTESTANTS.treasurerB.name })).toContainText(
        /1\s*50%/,
      );
      // Each position's votes are drawn as bars too.
      await expect(page.locator('.highcharts-container')).toHaveCount(2);
      await saveScreenshot(page, testInfo, 'elections-results');

      // One position at a time.
      await page.getByRole('button', { name: /^Position\b/ }).click();
      await page.getByRole('option', { name: POSITIONS.treasurer }).click();
      await expect(treasurer).toBeVisible();
      await expect(chair).toHaveCount(0);

      // With votes cast the election can no longer be deleted, and the menu says why.
      await page.getByRole('tab', { name: 'Polls' }).click();
      await page.getByRole('button', { name: `Actions for ${election}` }).click();
      const remove = page.getByRole('menuitem', { name: /Delete/ });
      await expect(remove).toHaveAttribute('aria-disabled', 'true');
      await expect(remove).toHaveAccessibleDescription('Voting has started: 4 votes cast');
      await page.keyboard.press('Escape');
    });
  });
});
