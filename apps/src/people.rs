//! The fictional population of a world: people with profiles, addresses, payment cards and
//! per-app passwords, and their relationships (families, friends, roommates, companies).
//! Everything is drawn from labelled `Rng` streams, so the same seed gives the same people.

use chrono::NaiveDate;
use sim::rng::Rng;

/// A postal address.
#[derive(Debug, Clone, PartialEq)]
pub struct Address {
    /// "Home" or "Work".
    pub name: String,
    /// Street and number.
    pub street_address: String,
    /// City.
    pub city: String,
    /// State.
    pub state: String,
    /// Country.
    pub country: String,
    /// 5-digit ZIP code.
    pub zip_code: i64,
}

/// A payment card (its balance lives in the admin bank).
#[derive(Debug, Clone, PartialEq)]
pub struct PaymentCard {
    /// "First Last".
    pub owner_name: String,
    /// Card brand or bank.
    pub card_name: String,
    /// 16-digit number, unique in the world.
    pub card_number: i64,
    /// Expiry year.
    pub expiry_year: i64,
    /// Expiry month 1..=12.
    pub expiry_month: i64,
    /// 3-digit CVV.
    pub cvv_number: i64,
}

/// One person of the world.
#[derive(Debug, Clone, PartialEq)]
pub struct Person {
    /// 1-based id (position in [`Population::people`] plus one).
    pub id: i64,
    /// First name.
    pub first_name: String,
    /// Last name.
    pub last_name: String,
    /// Unique lower-case e-mail address.
    pub email: String,
    /// Unique 10-digit phone number.
    pub phone_number: String,
    /// Birthday (ages 19–60 in May 2023).
    pub birthday: NaiveDate,
    /// "male" or "female".
    pub sex: String,
    /// Home, and Work for people with a job.
    pub addresses: Vec<Address>,
    /// 1–3 cards with distinct card names.
    pub payment_cards: Vec<PaymentCard>,
    /// (app, password) for each of the nine apps.
    pub passwords: Vec<(String, String)>,
}

/// How another person relates to someone, seen from that someone.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Relation {
    /// Their husband.
    Husband,
    /// Their wife.
    Wife,
    /// Their child.
    Child,
    /// Their parent.
    Parent,
    /// Their sibling.
    Sibling,
    /// A friend.
    Friend,
    /// Someone they live with (not family).
    Roommate,
    /// Someone at the same company (not their manager).
    Coworker,
    /// Their manager.
    Manager,
}

/// A married couple and their children (person ids).
#[derive(Debug, Clone, PartialEq)]
pub struct Family {
    /// Husband's id.
    pub husband: i64,
    /// Wife's id.
    pub wife: i64,
    /// Children's ids.
    pub children: Vec<i64>,
}

/// A company with its employees (person ids; the manager is one of them).
#[derive(Debug, Clone, PartialEq)]
pub struct Company {
    /// 1-based id.
    pub id: i64,
    /// Company name.
    pub name: String,
    /// The manager's id.
    pub manager: i64,
    /// Everyone employed, manager included.
    pub employees: Vec<i64>,
}

/// Where people live; residents share the Home address.
#[derive(Debug, Clone, PartialEq)]
pub struct Residence {
    /// 1-based id.
    pub id: i64,
    /// "family", "roommates" or "single".
    pub kind: String,
    /// Residents' ids.
    pub residents: Vec<i64>,
}

/// Everyone in a world and how they are related.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Population {
    /// People, `people[i].id == i + 1`.
    pub people: Vec<Person>,
    /// Married couples with children.
    pub families: Vec<Family>,
    /// Friend pairs `(a, b)` with `a < b`.
    pub friendships: Vec<(i64, i64)>,
    /// Residences; everyone lives in exactly one.
    pub residences: Vec<Residence>,
    /// Companies.
    pub companies: Vec<Company>,
}

const MALE: &[&str] = &[
    "James",
    "John",
    "Robert",
    "Michael",
    "William",
    "David",
    "Richard",
    "Joseph",
    "Thomas",
    "Charles",
    "Daniel",
    "Matthew",
    "Anthony",
    "Mark",
    "Steven",
    "Paul",
    "Andrew",
    "Joshua",
    "Kevin",
    "Brian",
    "George",
    "Timothy",
    "Ronald",
    "Jason",
    "Edward",
    "Jeffrey",
    "Ryan",
    "Jacob",
    "Gary",
    "Nicholas",
    "Eric",
    "Jonathan",
    "Stephen",
    "Larry",
    "Justin",
    "Scott",
    "Brandon",
    "Benjamin",
    "Samuel",
    "Gregory",
    "Alexander",
    "Patrick",
    "Frank",
    "Raymond",
    "Jack",
    "Dennis",
    "Aaron",
    "Adam",
    "Carl",
    "Derek",
    "Ethan",
    "Felix",
    "Gavin",
    "Henry",
    "Isaac",
    "Jerome",
    "Kyle",
    "Leo",
    "Marcus",
    "Nathan",
    "Oscar",
    "Peter",
    "Quentin",
    "Russell",
    "Simon",
    "Trevor",
    "Victor",
    "Walter",
    "Xavier",
    "Zachary",
    "Owen",
    "Hugo",
    "Ian",
    "Liam",
    "Noah",
    "Miles",
    "Caleb",
    "Dylan",
    "Elliot",
    "Grant",
    "Luke",
    "Roy",
];
const FEMALE: &[&str] = &[
    "Mary",
    "Patricia",
    "Jennifer",
    "Linda",
    "Elizabeth",
    "Barbara",
    "Susan",
    "Jessica",
    "Sarah",
    "Karen",
    "Lisa",
    "Nancy",
    "Betty",
    "Sandra",
    "Margaret",
    "Ashley",
    "Kimberly",
    "Emily",
    "Donna",
    "Michelle",
    "Carol",
    "Amanda",
    "Melissa",
    "Deborah",
    "Stephanie",
    "Rebecca",
    "Sharon",
    "Laura",
    "Cynthia",
    "Amy",
    "Kathleen",
    "Angela",
    "Shirley",
    "Brenda",
    "Emma",
    "Anna",
    "Pamela",
    "Nicole",
    "Samantha",
    "Katherine",
    "Christine",
    "Debra",
    "Rachel",
    "Carolyn",
    "Janet",
    "Maria",
    "Alice",
    "Bella",
    "Chloe",
    "Diana",
    "Eva",
    "Fiona",
    "Grace",
    "Hannah",
    "Irene",
    "Julia",
    "Kate",
    "Leah",
    "Megan",
    "Nora",
    "Olivia",
    "Paula",
    "Rose",
    "Sophia",
    "Tara",
    "Ursula",
    "Vera",
    "Wendy",
    "Yvonne",
    "Zoe",
    "Ruth",
    "Lucy",
    "Ella",
    "Mia",
    "Ivy",
    "Jade",
    "Naomi",
    "Sara",
    "Tina",
    "Vivian",
    "Hazel",
    "Iris",
];
const LAST: &[&str] = &[
    "Smith",
    "Johnson",
    "Williams",
    "Brown",
    "Jones",
    "Garcia",
    "Miller",
    "Davis",
    "Rodriguez",
    "Martinez",
    "Hernandez",
    "Lopez",
    "Gonzalez",
    "Wilson",
    "Anderson",
    "Thomas",
    "Taylor",
    "Moore",
    "Jackson",
    "Martin",
    "Lee",
    "Perez",
    "Thompson",
    "White",
    "Harris",
    "Sanchez",
    "Clark",
    "Ramirez",
    "Lewis",
    "Robinson",
    "Walker",
    "Young",
    "Allen",
    "King",
    "Wright",
    "Scott",
    "Torres",
    "Nguyen",
    "Hill",
    "Flores",
    "Green",
    "Adams",
    "Nelson",
    "Baker",
    "Hall",
    "Rivera",
    "Campbell",
    "Mitchell",
    "Carter",
    "Roberts",
    "Gomez",
    "Phillips",
    "Evans",
    "Turner",
    "Diaz",
    "Parker",
    "Cruz",
    "Edwards",
    "Collins",
    "Reyes",
];
const CITIES: &[(&str, &str)] = &[
    ("Seattle", "Washington"),
    ("Portland", "Oregon"),
    ("Austin", "Texas"),
    ("Denver", "Colorado"),
    ("Chicago", "Illinois"),
    ("Boston", "Massachusetts"),
    ("Atlanta", "Georgia"),
    ("San Diego", "California"),
    ("Phoenix", "Arizona"),
    ("Minneapolis", "Minnesota"),
];
const STREETS: &[&str] = &[
    "Maple Avenue",
    "Oak Street",
    "Pine Road",
    "Cedar Lane",
    "Elm Street",
    "Lakeview Drive",
    "Hillcrest Road",
    "Sunset Boulevard",
    "Park Avenue",
    "River Road",
    "Willow Way",
    "Chestnut Court",
];
const CARDS: &[&str] = &[
    "Visa",
    "MasterCard",
    "American Express",
    "Discover",
    "HSBC",
    "Wells Fargo",
    "Chase",
];
const COMPANY_WORDS: &[&str] = &[
    "Northwind",
    "Bluepeak",
    "Brightline",
    "Evergreen",
    "Ironclad",
    "Silverleaf",
    "Redwood",
    "Clearwater",
    "Summit",
    "Harbor",
];
const COMPANY_KINDS: &[&str] = &[
    "Labs",
    "Systems",
    "Consulting",
    "Logistics",
    "Health",
    "Media",
];
/// Apps with accounts, in the order passwords are listed.
pub const ACCOUNT_APPS: &[&str] = &[
    "amazon",
    "file_system",
    "gmail",
    "phone",
    "simple_note",
    "splitwise",
    "spotify",
    "todoist",
    "venmo",
];

fn password(rng: &mut Rng) -> String {
    let mut p = rng.alphanumeric(9);
    p.push(*rng.pick(&['!', '#', '$', '%', '&', '*', '+', '?']));
    p
}

fn address(rng: &mut Rng, name: &str) -> Address {
    let (city, state) = *rng.pick(CITIES);
    Address {
        name: name.into(),
        street_address: format!("{} {}", rng.range(10, 9999), rng.pick(STREETS)),
        city: city.into(),
        state: state.into(),
        country: "United States".into(),
        zip_code: rng.range(10000, 100000),
    }
}

/// The values no two people share, as drawn so far.
#[derive(Default)]
struct Taken {
    /// E-mail addresses.
    emails: std::collections::BTreeSet<String>,
    /// Phone numbers.
    phones: std::collections::BTreeSet<String>,
    /// Card numbers.
    cards: std::collections::BTreeSet<i64>,
    /// First names (AppWorld's are unique: home directories use them).
    first_names: std::collections::BTreeSet<String>,
}

/// Draws person `id`: a first name no one has, a last name (`spouse_last` for a wife), an
/// unused e-mail and phone number, a birthday, 1-3 bank cards and a password per app.
fn draw_person(
    rng: &mut Rng,
    taken: &mut Taken,
    id: i64,
    male: bool,
    spouse_last: Option<String>,
) -> Person {
    // First names are unique in AppWorld's worlds (home directories use them).
    let pool = if male { MALE } else { FEMALE };
    let mut first = rng.pick(pool).to_string();
    let mut round = 0;
    while !taken.first_names.insert(first.clone()) {
        round += 1;
        let base = rng.pick(pool);
        first = if round < 200 {
            base.to_string()
        } else {
            format!("{base}{}", round / 200 + 1)
        };
    }
    let last = spouse_last.unwrap_or_else(|| rng.pick(LAST).to_string());
    let email = draw_email(rng, taken, &first, &last);
    let mut phone;
    loop {
        phone = format!("{}{:09}", rng.range(2, 10), rng.range(0, 1_000_000_000));
        if taken.phones.insert(phone.clone()) {
            break;
        }
    }
    let age = rng.range(19, 61) as i32;
    let birthday =
        NaiveDate::from_ymd_opt(2023 - age, rng.range(1, 13) as u32, rng.range(1, 29) as u32)
            .unwrap_or_default();
    let payment_cards = draw_cards(rng, taken, &format!("{first} {last}"));
    let passwords = ACCOUNT_APPS
        .iter()
        .map(|a| (a.to_string(), password(rng)))
        .collect();
    Person {
        id,
        first_name: first,
        last_name: last,
        email,
        phone_number: phone,
        birthday,
        sex: if male { "male" } else { "female" }.into(),
        addresses: Vec::new(),
        payment_cards,
        passwords,
    }
}

/// An e-mail address at gmail.com made of the names, that no one has yet.
fn draw_email(rng: &mut Rng, taken: &mut Taken, first: &str, last: &str) -> String {
    loop {
        let n = rng.range(1, 99);
        let email = match rng.range(0, 3) {
            0 => format!("{}.{}@gmail.com", first.to_lowercase(), last.to_lowercase()),
            1 => format!(
                "{}{}{}@gmail.com",
                &first[..1].to_lowercase(),
                last.to_lowercase(),
                n
            ),
            _ => format!(
                "{}_{}{}@gmail.com",
                first.to_lowercase(),
                &last[..1].to_lowercase(),
                n
            ),
        };
        if taken.emails.insert(email.clone()) {
            return email;
        }
    }
}

/// 1-3 bank cards in `owner`'s name, of different banks, with numbers no one has yet.
fn draw_cards(rng: &mut Rng, taken: &mut Taken, owner: &str) -> Vec<PaymentCard> {
    let mut names: Vec<&str> = CARDS.to_vec();
    rng.shuffle(&mut names);
    let mut payment_cards = Vec::new();
    for name in names.iter().take(rng.range(1, 4) as usize) {
        let mut number;
        loop {
            number = rng.range(1_000_000_000_000_000, 10_000_000_000_000_000);
            if taken.cards.insert(number) {
                break;
            }
        }
        payment_cards.push(PaymentCard {
            owner_name: owner.to_string(),
            card_name: name.to_string(),
            card_number: number,
            expiry_year: rng.range(2024, 2030),
            expiry_month: rng.range(1, 13),
            cvv_number: rng.range(100, 1000),
        });
    }
    payment_cards
}

/// The families: each of the `couples` (persons 2c+1 and 2c+2) with 0-2 adult children
/// among the unpaired people.
fn draw_families(rel: &mut Rng, n: usize, couples: usize) -> Vec<Family> {
    let mut families = Vec::new();
    let mut next_child = couples * 2;
    for c in 0..couples {
        let mut children = Vec::new();
        for _ in 0..rel.range(0, 3) {
            if next_child < n && rel.chance(0.5) {
                children.push(next_child as i64 + 1);
                next_child += 1;
            }
        }
        families.push(Family {
            husband: (2 * c + 1) as i64,
            wife: (2 * c + 2) as i64,
            children,
        });
    }
    families
}

/// Makes siblings at most 12 years apart (a younger child born more than 12 years after the
/// oldest is born earlier) and each parent 20-29 years older than their oldest child (born
/// earlier when drawn younger than that). Month and day stay.
fn age_parents(rng: &mut Rng, people: &mut [Person], families: &[Family]) {
    use chrono::Datelike;
    let set_year = |p: &mut Person, year: i32| {
        p.birthday = p
            .birthday
            .with_year(year)
            .unwrap_or_else(|| NaiveDate::from_ymd_opt(year, 3, 1).unwrap_or_default());
    };
    for f in families {
        let Some(oldest) = f
            .children
            .iter()
            .map(|c| people[(*c - 1) as usize].birthday.year())
            .min()
        else {
            continue;
        };
        for c in &f.children {
            let child = &mut people[(*c - 1) as usize];
            if child.birthday.year() > oldest + 12 {
                set_year(child, oldest + rng.range(0, 13) as i32);
            }
        }
        for parent in [f.husband, f.wife] {
            let p = &mut people[(parent - 1) as usize];
            let latest = oldest - 20 - rng.range(0, 10) as i32;
            if p.birthday.year() > latest {
                set_year(p, latest);
            }
        }
    }
}

/// The residences: families live together (some of their children with them); the rest live
/// alone or as roommates.
fn draw_residences(rel: &mut Rng, n: usize, families: &[Family]) -> Vec<Residence> {
    let mut residences = Vec::new();
    let mut housed = vec![false; n];
    for f in families {
        let mut residents = vec![f.husband, f.wife];
        residents.extend(f.children.iter().filter(|_| rel.chance(0.3)));
        for r in &residents {
            housed[(*r - 1) as usize] = true;
        }
        residences.push(Residence {
            id: residences.len() as i64 + 1,
            kind: "family".into(),
            residents,
        });
    }
    let mut rest: Vec<i64> = (1..=n as i64)
        .filter(|i| !housed[(*i - 1) as usize])
        .collect();
    rel.shuffle(&mut rest);
    let mut i = 0;
    while i < rest.len() {
        let take = if rel.chance(0.4) && i + 1 < rest.len() {
            2
        } else {
            1
        };
        let residents: Vec<i64> = rest[i..i + take].to_vec();
        residences.push(Residence {
            id: residences.len() as i64 + 1,
            kind: if take == 1 { "single" } else { "roommates" }.into(),
            residents,
        });
        i += take;
    }
    residences
}

/// The companies: ~60% of people employed, 4-15 per company, person 1 always employed and
/// not a manager; each employee gets the company's address as their `Work` address.
fn draw_companies(rel: &mut Rng, n: usize, people: &mut [Person]) -> Vec<Company> {
    let mut workers: Vec<i64> = (2..=n as i64).filter(|_| rel.chance(0.6)).collect();
    rel.shuffle(&mut workers);
    workers.insert(0, 1);
    let mut companies = Vec::new();
    let mut k = 0;
    while k + 4 <= workers.len() {
        let size = (rel.range(4, 16) as usize).min(workers.len() - k);
        let employees: Vec<i64> = workers[k..k + size].to_vec();
        let manager = employees[1];
        let mut name = format!("{} {}", rel.pick(COMPANY_WORDS), rel.pick(COMPANY_KINDS));
        if companies.iter().any(|c: &Company| c.name == name) {
            name = format!("{name} {}", companies.len() + 1);
        }
        let work = address(rel, "Work");
        for e in &employees {
            people[(*e - 1) as usize].addresses.push(work.clone());
        }
        companies.push(Company {
            id: companies.len() as i64 + 1,
            name,
            manager,
            employees,
        });
        k += size;
    }
    companies
}

/// The friendships, as (lower id, higher id) in order: everyone gets 3-10 friends, person 1
/// at least persons 4 to 9.
fn draw_friendships(rel: &mut Rng, n: usize) -> Vec<(i64, i64)> {
    let mut pairs = std::collections::BTreeSet::new();
    for a in 1..=n as i64 {
        for _ in 0..rel.range(2, 6) {
            let b = rel.range(1, n as i64 + 1);
            if a != b {
                pairs.insert((a.min(b), a.max(b)));
            }
        }
    }
    for extra in 2..=7 {
        pairs.insert((1, extra + 2));
    }
    pairs.into_iter().collect()
}

impl Population {
    /// Generates `n_people` (at least 20) people and their relationships from `seed`.
    pub fn generate(seed: u64, n_people: usize) -> Population {
        let n = n_people.max(20);
        let mut rng = Rng::derive(seed, "people");
        let mut taken = Taken::default();
        let mut people: Vec<Person> = Vec::with_capacity(n);
        // Couples first: persons 1..2k come in (husband, wife) pairs for about half the world.
        let couples = (n / 4).max(1);
        for i in 0..n {
            let male = if i < couples * 2 {
                i % 2 == 0
            } else {
                rng.chance(0.5)
            };
            // A wife takes her husband's last name.
            let spouse_last =
                (i < couples * 2 && i % 2 == 1).then(|| people[i - 1usize].last_name.clone());
            let person = draw_person(&mut rng, &mut taken, i as i64 + 1, male, spouse_last);
            people.push(person);
        }
        let mut rel = Rng::derive(seed, "relations");
        let families = draw_families(&mut rel, n, couples);
        // Person 1 needs a parent or sibling in the world: make the first family have a child if
        // none, and give person 1 a sibling through family 2's children when possible.
        for f in &families {
            for ch in &f.children {
                let last = people[(f.husband - 1) as usize].last_name.clone();
                let child = &mut people[(*ch - 1) as usize];
                child.last_name = last;
                // Their cards are in the family's name too.
                let owner = format!("{} {}", child.first_name, child.last_name);
                for card in &mut child.payment_cards {
                    card.owner_name = owner.clone();
                }
            }
        }
        age_parents(
            &mut Rng::derive(seed, "family ages"),
            &mut people,
            &families,
        );
        let residences = draw_residences(&mut rel, n, &families);
        for r in &residences {
            let home = address(&mut rel, "Home");
            for id in &r.residents {
                people[(*id - 1) as usize].addresses.push(home.clone());
            }
        }
        let companies = draw_companies(&mut rel, n, &mut people);
        let friendships = draw_friendships(&mut rel, n);
        Population {
            people,
            families,
            friendships,
            residences,
            companies,
        }
    }

    /// `n` members of the public outside the population (shoppers and listeners who wrote the
    /// reviews and likes of the catalogs): first name, last name and an e-mail that no person
    /// of the world has (never at gmail.com). Deterministic in `seed` and `label`.
    pub fn strangers(seed: u64, label: &str, n: usize) -> Vec<(String, String, String)> {
        let mut rng = Rng::derive(seed, label);
        (0..n)
            .map(|k| {
                let first = if rng.chance(0.5) {
                    *rng.pick(MALE)
                } else {
                    *rng.pick(FEMALE)
                };
                let last = *rng.pick(LAST);
                let domain = *rng.pick(&["outlook.com", "yahoo.com", "proton.me", "icloud.com"]);
                let email = format!(
                    "{}.{}{k}@{domain}",
                    first.to_lowercase(),
                    last.to_lowercase()
                );
                (first.to_string(), last.to_string(), email)
            })
            .collect()
    }

    /// The person with this id.
    pub fn person(&self, id: i64) -> Option<&Person> {
        usize::try_from(id - 1)
            .ok()
            .and_then(|i| self.people.get(i))
    }

    /// Everyone related to `id`, with the relation as seen from `id`, sorted by (relation, id).
    pub fn relations_of(&self, id: i64) -> Vec<(Relation, i64)> {
        let mut out = std::collections::BTreeSet::new();
        for f in &self.families {
            if f.husband == id {
                out.insert((Relation::Wife, f.wife));
            }
            if f.wife == id {
                out.insert((Relation::Husband, f.husband));
            }
            if f.husband == id || f.wife == id {
                out.extend(f.children.iter().map(|c| (Relation::Child, *c)));
            }
            if f.children.contains(&id) {
                out.insert((Relation::Parent, f.husband));
                out.insert((Relation::Parent, f.wife));
                out.extend(
                    f.children
                        .iter()
                        .filter(|c| **c != id)
                        .map(|c| (Relation::Sibling, *c)),
                );
            }
        }
        for (a, b) in &self.friendships {
            if *a == id {
                out.insert((Relation::Friend, *b));
            } else if *b == id {
                out.insert((Relation::Friend, *a));
            }
        }
        for r in self
            .residences
            .iter()
            .filter(|r| r.kind == "roommates" && r.residents.contains(&id))
        {
            out.extend(
                r.residents
                    .iter()
                    .filter(|x| **x != id)
                    .map(|x| (Relation::Roommate, *x)),
            );
        }
        for c in self.companies.iter().filter(|c| c.employees.contains(&id)) {
            for e in c.employees.iter().filter(|e| **e != id) {
                out.insert((
                    if *e == c.manager {
                        Relation::Manager
                    } else {
                        Relation::Coworker
                    },
                    *e,
                ));
            }
        }
        out.into_iter().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deterministic_unique_and_related() {
        let a = Population::generate(3, 100);
        assert_eq!(a, Population::generate(3, 100));
        assert_ne!(a, Population::generate(4, 100));
        let emails: std::collections::BTreeSet<_> = a.people.iter().map(|p| &p.email).collect();
        assert_eq!(emails.len(), 100);
        let rel = a.relations_of(1);
        assert!(rel.iter().any(|(r, _)| *r == Relation::Wife));
        assert!(rel.iter().any(|(r, _)| *r == Relation::Manager));
        assert!(rel.iter().filter(|(r, _)| *r == Relation::Friend).count() >= 5);
        for (x, y) in &a.friendships {
            assert!(a.relations_of(*y).contains(&(Relation::Friend, *x)));
        }
    }
}
