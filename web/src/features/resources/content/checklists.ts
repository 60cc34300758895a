/** The tick lists of the Resource Hub (001 §2). Ids are stable so tests and ticks can name them. */
export type ChecklistGroup = { id: string; title: string; items: { id: string; text: string }[] };

const group = (id: string, title: string, items: string[]): ChecklistGroup => ({
  id,
  title,
  items: items.map((text, index) => ({ id: `${id}-${index + 1}`, text })),
});

/** About 40 items in the six groups of 001 §2. */
export const VIEWING_CHECKLIST: ChecklistGroup[] = [
  group('safety', 'Safety and security', [
    'Front and unit doors close fully and have working deadbolts',
    'Windows lock, and ground-floor windows have secure latches',
    'Smoke alarms are installed and have been tested',
    'A carbon monoxide alarm is installed (required where there are gas appliances)',
    'Hallways, stairs, entrance and parking are well lit at night',
    'There are two ways out of the unit in case of fire',
    'Locks will be changed or rekeyed before you move in',
  ]),
  group('water', 'Water and plumbing', [
    'Water pressure is good in the shower and at every sink',
    'Hot water arrives within a minute or so',
    'Toilets flush fully and do not keep running',
    'No drips under sinks or around the base of the toilet',
    'No water stains, bubbling paint or soft spots on ceilings and walls',
    'No musty smell or visible mold in bathrooms, closets or under sinks',
    'Drains empty quickly in the sink, tub and shower',
  ]),
  group('electrical', 'Electrical and technology', [
    'Every light switch and ceiling light works',
    'Outlets work, with enough of them in each bedroom for a desk setup',
    'Bathroom and kitchen outlets near water are GFCI (with test and reset buttons)',
    'Your phone gets a usable signal inside the unit',
    'Internet providers serve the building, and you know which ones',
    'No scorched outlets, flickering lights or exposed wiring',
  ]),
  group('appliances', 'Appliances and utilities', [
    'The stove, oven and range hood all turn on',
    'The fridge and freezer are cold and their seals are intact',
    'The heating works, and air conditioning if it is listed',
    'The dishwasher and microwave work, if included',
    'Laundry is in the unit or building, and you know its cost',
    'You know which utilities are in the rent and which you pay',
    'You have an estimate of the average monthly utility bill',
  ]),
  group('cleanliness', 'Cleanliness and maintenance', [
    'No signs of pests: droppings, traps, dead insects or gnaw marks',
    'Carpets and floors are clean and undamaged',
    'Walls, doors and cabinets are in good repair',
    'Common areas and trash rooms are clean and cared for',
    'Window screens are present and intact',
    'Existing damage is written down and photographed before you move in',
  ]),
  group('questions', 'Questions to ask', [
    'How much is the security deposit, and when is it returned?',
    'What is the lease length, and can we renew or sublet?',
    'How do we request repairs, and how fast are they usually done?',
    'Is renters insurance required?',
    'What is the guest policy, and are pets allowed?',
    'Is parking or bike storage included, and at what cost?',
    'When was the rent last raised, and by how much?',
  ]),
];

/** What to read before signing a lease. */
export const LEASE_CHECKLIST: ChecklistGroup[] = [
  group('basics', 'The basics', [
    'Every roommate who will live there is named on the lease',
    'The address and unit number are correct',
    'Start and end dates match what you agreed',
    'The monthly rent, due date and accepted payment methods are written down',
    'Late fees and any grace period are stated',
  ]),
  group('money', 'Deposit and money', [
    'The security deposit amount is stated, and within the legal limit for your state',
    'It says how and when the deposit is returned, and what can be deducted',
    'All other fees (application, move-in, pet, parking, amenities) are listed',
    'It says who pays each utility, and how shared bills are split',
    'It explains if and how the rent can go up',
  ]),
  group('living', 'Living there', [
    'Who is responsible for which repairs and maintenance',
    'How much notice the landlord gives before entering',
    'Rules on guests, quiet hours, smoking and pets',
    'Whether you may paint, hang things or change the unit',
    'Parking, storage and shared spaces you are allowed to use',
  ]),
  group('leaving', 'Leaving and changes', [
    'What happens if a roommate moves out early',
    'Whether subletting or replacing a roommate is allowed, and how',
    'The notice needed to end or not renew the lease',
    'The penalty for breaking the lease early',
    'Move-out cleaning expectations and a move-out inspection',
  ]),
  group('before-signing', 'Before you sign', [
    'You have read every page, including addenda and house rules',
    'Every verbal promise (repairs, new appliances, free month) is written into the lease',
    'A move-in condition report is attached, with photos',
    'You have the landlord or manager’s full name and contact details',
    'You keep a signed copy for each roommate',
  ]),
];

export const checklistIds = (groups: ChecklistGroup[]) => groups.flatMap((g) => g.items.map((item) => item.id));
