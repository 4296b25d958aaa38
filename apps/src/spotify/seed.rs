//! The spotify app's share of the base world: a music catalog (artists across genres, their
//! albums and songs with durations, release dates and play counts) and every person's musical
//! life: an account, saved cards, Premium history, followed artists, a library of songs and
//! albums, likes, downloads, their own playlists (some public), reviews, recommendations and a
//! player with a queue. Catalog counters (likes, reviews, ratings) are derived from those rows,
//! so `like_count` is the number of likes and `rating` the mean review, as the app keeps them.
//! The catalog depends on the world seed only, not on the population.

use super::rows::{
    Link, NewAlbum, NewArtist, NewPlayer, NewPlaylist, NewPlaylistSong, NewReview, NewSong,
    Reviewed,
};
use crate::common::pytext::py_json_ints;
use crate::people::{Person, Population};
use chrono::{Duration, NaiveDate, NaiveDateTime};
use sim::clock::fmt_datetime;
use sim::rng::Rng;
use std::collections::{BTreeSet, HashMap};

/// Genres, each with a share of the catalog.
pub const GENRES: &[&str] = &[
    "pop",
    "rock",
    "hip-hop",
    "jazz",
    "classical",
    "electronic",
    "country",
    "r&b",
    "indie",
    "folk",
    "metal",
    "reggae",
];

const ADJECTIVES: &[&str] = &[
    "Golden",
    "Silver",
    "Midnight",
    "Electric",
    "Broken",
    "Velvet",
    "Neon",
    "Quiet",
    "Wild",
    "Lonely",
    "Burning",
    "Frozen",
    "Hidden",
    "Crimson",
    "Fading",
    "Endless",
    "Summer",
    "Winter",
    "Paper",
    "Glass",
    "Hollow",
    "Bright",
    "Distant",
    "Sweet",
    "Restless",
    "Secret",
    "Northern",
    "Falling",
    "Rising",
    "Lucky",
    "Blue",
    "Silent",
    "Starlit",
    "Ocean",
    "Desert",
    "Marble",
    "Copper",
    "Gentle",
    "Faded",
    "Sacred",
    "Wandering",
    "Scarlet",
    "Emerald",
    "Lost",
    "Open",
];
const NOUNS: &[&str] = &[
    "Hearts",
    "Roads",
    "Dreams",
    "Lights",
    "Rivers",
    "Skies",
    "Fires",
    "Waves",
    "Shadows",
    "Echoes",
    "Stars",
    "Nights",
    "Mornings",
    "Cities",
    "Gardens",
    "Mirrors",
    "Letters",
    "Bridges",
    "Horizons",
    "Storms",
    "Flowers",
    "Highways",
    "Windows",
    "Voices",
    "Tides",
    "Moons",
    "Streets",
    "Signals",
    "Memories",
    "Mountains",
    "Clouds",
    "Colors",
    "Promises",
    "Secrets",
    "Wings",
    "Forests",
    "Kingdoms",
    "Melodies",
    "Satellites",
    "Diamonds",
    "Sparks",
    "Thunder",
    "Rain",
    "Sunsets",
    "Ghosts",
    "Angels",
    "Islands",
    "Heartbeats",
    "Footsteps",
    "Lanterns",
];
const SINGULAR: &[&str] = &[
    "Heart", "Road", "Dream", "Light", "River", "Sky", "Fire", "Wave", "Shadow", "Echo", "Star",
    "Night", "Morning", "City", "Garden", "Mirror", "Letter", "Bridge", "Horizon", "Storm",
];
const FIRST: &[&str] = &[
    "Maya", "Leo", "Ava", "Kai", "Zoe", "Eli", "Nina", "Omar", "Ivy", "Jude", "Lena", "Theo",
    "Rosa", "Milo", "Cleo", "Finn", "Iris", "Remy", "Sade", "Otis",
];
const LAST: &[&str] = &[
    "Rivers",
    "Stone",
    "Vega",
    "Hart",
    "Lane",
    "Cruz",
    "Moreau",
    "Quinn",
    "Sol",
    "Blake",
    "Wilde",
    "Reyes",
    "Nakamura",
    "Okafor",
    "Lindqvist",
    "Duarte",
    "Ferris",
    "Monroe",
];
const REVIEWS: &[(i64, &str, &str)] = &[
    (5, "Masterpiece", "On repeat all week."),
    (5, "Love it", "Gets better every listen."),
    (
        4,
        "Really good",
        "Great production, a couple of weaker moments.",
    ),
    (4, "Solid", "Exactly what I wanted."),
    (3, "Decent", "Some highlights, some filler."),
    (2, "Not for me", "Could not get into it."),
    (1, "Disappointing", "Expected much more."),
];
const PLAYLISTS: &[&str] = &[
    "Morning Run",
    "Focus",
    "Road Trip",
    "Chill Evenings",
    "Workout Mix",
    "Dinner Party",
    "Rainy Day",
    "Throwbacks",
    "Sunday Coffee",
    "Party Starters",
    "Study Beats",
    "Sleep",
];

/// Listeners outside the population (likes, follows, reviews and playlists of the public).
const STRANGERS: usize = 1800;

/// Catalog sizes.
const ARTISTS: usize = 420;
const ALBUMS: usize = 900;

struct Artist {
    name: String,
    genre: &'static str,
}

struct Album {
    title: String,
    artists: Vec<i64>,
    genre: &'static str,
    released: NaiveDate,
}

struct Song {
    title: String,
    artists: Vec<i64>,
    album: i64,
    duration: i64,
    released: NaiveDate,
    genre: &'static str,
    plays: i64,
}

/// Unique titles, drawn from word patterns.
struct Titles {
    used: BTreeSet<String>,
}

impl Titles {
    fn draw(&mut self, rng: &mut Rng, album: bool) -> String {
        loop {
            let a = *rng.pick(ADJECTIVES);
            let n = *rng.pick(NOUNS);
            let s = *rng.pick(SINGULAR);
            let t = match rng.range(0, if album { 3 } else { 6 }) {
                0 => format!("{a} {n}"),
                1 => format!("The {a} {s}"),
                2 => format!("{n} of the {a} {s}"),
                3 => format!("{a} {s}"),
                4 => format!("{s} in the {n}"),
                _ => format!(
                    "{a} {n} ({})",
                    rng.pick(&["Acoustic", "Live", "Reprise", "Remix"])
                ),
            };
            if self.used.insert(t.clone()) {
                return t;
            }
        }
    }
}

fn catalog(seed: u64) -> (Vec<Artist>, Vec<Album>, Vec<Song>) {
    let mut rng = Rng::derive(seed, "spotify-catalog");
    let mut names = BTreeSet::new();
    let mut artists = Vec::new();
    while artists.len() < ARTISTS {
        let name = if rng.chance(0.5) {
            format!("{} {}", rng.pick(FIRST), rng.pick(LAST))
        } else {
            format!("The {} {}", rng.pick(ADJECTIVES), rng.pick(NOUNS))
        };
        if names.insert(name.clone()) {
            artists.push(Artist {
                name,
                genre: GENRES[artists.len() % GENRES.len()],
            });
        }
    }
    let mut album_titles = Titles {
        used: BTreeSet::new(),
    };
    let mut song_titles = Titles {
        used: BTreeSet::new(),
    };
    let mut albums = Vec::new();
    let mut songs = Vec::new();
    let first_day = NaiveDate::from_ymd_opt(1995, 1, 1).unwrap_or_default();
    for k in 0..ALBUMS {
        let lead = (k % ARTISTS) as i64 + 1;
        let mut ids = vec![lead];
        if rng.chance(0.08) {
            let other = rng.range(1, ARTISTS as i64 + 1);
            if other != lead {
                ids.push(other);
            }
        }
        let genre = artists[(lead - 1) as usize].genre;
        let released = first_day + Duration::days(rng.range(0, 10_300));
        let popularity = (rng.unit() * rng.unit() * 2_000_000.0) as i64 + 500;
        let album_id = albums.len() as i64 + 1;
        for _ in 0..rng.range(6, 13) {
            let mut song_artists = ids.clone();
            if rng.chance(0.1) {
                let feat = rng.range(1, ARTISTS as i64 + 1);
                if !song_artists.contains(&feat) {
                    song_artists.push(feat);
                }
            }
            songs.push(Song {
                title: song_titles.draw(&mut rng, false),
                artists: song_artists,
                album: album_id,
                duration: rng.range(140, 340),
                released,
                genre,
                plays: (popularity as f64 * rng.unit().powi(2)) as i64 + rng.range(0, 500),
            });
        }
        albums.push(Album {
            title: album_titles.draw(&mut rng, true),
            artists: ids,
            genre,
            released,
        });
    }
    (artists, albums, songs)
}

/// Likes and reviews of one catalog table, to set its counters.
#[derive(Default)]
struct Tally {
    likes: HashMap<i64, i64>,
    ratings: HashMap<i64, Vec<i64>>,
}

impl Tally {
    /// `items` with their ids (1, 2, ...) and the counters [`Tally::counters`] gives them.
    fn numbered<'t, T>(
        &'t self,
        items: &'t [T],
    ) -> impl Iterator<Item = (i64, (f64, i64, i64), &'t T)> + 't {
        items.iter().enumerate().map(|(k, item)| {
            let id = k as i64 + 1;
            (id, self.counters(id), item)
        })
    }

    /// `user_id` reviews item `item_id` (`of`) with one of [`REVIEWS`], dated up to `days`
    /// days before `now`; its stars count toward the item's rating.
    fn review(
        &mut self,
        db: &rusqlite::Connection,
        rng: &mut Rng,
        (of, item_id, user_id): (Reviewed, i64, i64),
        (now, days): (NaiveDateTime, i64),
    ) -> rusqlite::Result<()> {
        let &(stars, title, text) = rng.pick(REVIEWS);
        NewReview {
            of,
            item_id,
            user_id,
            rating: stars,
            title,
            text,
            created_at: &fmt_datetime(crate::common::seeding::past_time(rng, now, days)),
        }
        .insert(db)?;
        self.ratings.entry(item_id).or_default().push(stars);
        Ok(())
    }

    /// `user_id` reviews songs drawn from `pool`, `draws` times (a song drawn again is passed
    /// over), dated up to 600 days before `now`, as [`Tally::review`] writes them.
    fn review_drawn(
        &mut self,
        db: &rusqlite::Connection,
        rng: &mut Rng,
        pool: &[i64],
        draws: i64,
        user_id: i64,
        now: NaiveDateTime,
    ) -> rusqlite::Result<()> {
        let mut reviewed = BTreeSet::new();
        for _ in 0..draws {
            let s = pool[rng.range(0, pool.len() as i64) as usize];
            if reviewed.insert(s) {
                self.review(db, rng, (Reviewed::Song, s, user_id), (now, 600))?;
            }
        }
        Ok(())
    }

    /// Item `id`'s mean rating (one decimal, 0 without reviews), likes and reviews.
    fn counters(&self, id: i64) -> (f64, i64, i64) {
        let ratings = self.ratings.get(&id).map(Vec::as_slice).unwrap_or(&[]);
        let rating = if ratings.is_empty() {
            0.0
        } else {
            sim::num::py_round(ratings.iter().sum::<i64>() as f64 / ratings.len() as f64, 1)
        };
        (
            rating,
            self.likes.get(&id).copied().unwrap_or(0),
            ratings.len() as i64,
        )
    }
}

/// Writes spotify's rows for `pop` (spotify user id = person id; notifiers follow).
pub fn install(s: &crate::app::Seeding) -> rusqlite::Result<()> {
    let (db, pop, seed) = (s.db, s.people, s.seed);
    let first_stranger =
        crate::common::seeding::insert_accounts(s, "spotify", "2020-11-01T09:00:00", true)?;
    let (artists, albums, songs) = catalog(seed);
    // Songs a person gravitates to: two or three favourite genres.
    let by_genre: HashMap<&str, Vec<i64>> =
        songs
            .iter()
            .enumerate()
            .fold(HashMap::new(), |mut m, (k, s)| {
                m.entry(s.genre).or_default().push(k as i64 + 1);
                m
            });
    let mut w = Listening {
        db,
        now: sim::clock::default_now(),
        songs: &songs,
        by_genre: &by_genre,
        song_tally: Tally::default(),
        album_tally: Tally::default(),
        playlist_tally: Tally::default(),
        playlists: Vec::new(),
    };
    for p in &pop.people {
        w.person(p, seed)?;
    }
    // The public: listeners outside the population whose likes, follows, reviews and public
    // playlists fill the catalog's counters.
    let strangers = Population::strangers(seed, "spotify-strangers", STRANGERS);
    crate::common::seeding::insert_strangers(
        db,
        "spotify",
        first_stranger,
        &strangers,
        "2020-01-01T00:00:00",
    )?;
    for uid in first_stranger..first_stranger + strangers.len() as i64 {
        w.stranger(uid, seed)?;
    }
    w.friends_on_playlists(pop, seed)?;
    w.write_catalog(&artists, &albums)
}

/// A person's taste: favourite genres, from which most of their songs come.
struct Taste<'a> {
    /// The catalog's song ids by genre.
    by_genre: &'a HashMap<&'a str, Vec<i64>>,
    /// Their favourite genres.
    favourites: Vec<&'a str>,
    /// How many songs the catalog has.
    n_songs: i64,
}

impl Taste<'_> {
    /// A song they would pick: from a favourite genre 80% of the time, else any song.
    fn draw(&self, rng: &mut Rng) -> i64 {
        if rng.chance(0.8) {
            let pool = &self.by_genre[*rng.pick(&self.favourites)];
            *rng.pick(pool)
        } else {
            rng.range(1, self.n_songs + 1)
        }
    }
}

/// The listening the seed writes, one listener at a time, and what it gathers on the way: the
/// catalog's counters and the playlists, written last ([`Listening::write_catalog`]).
struct Listening<'a> {
    /// The world database.
    db: &'a rusqlite::Connection,
    /// The world's clock.
    now: NaiveDateTime,
    /// The catalog's songs (id = position + 1).
    songs: &'a [Song],
    /// Their ids by genre.
    by_genre: &'a HashMap<&'a str, Vec<i64>>,
    /// Likes and reviews of songs.
    song_tally: Tally,
    /// Likes and reviews of albums.
    album_tally: Tally,
    /// Likes and reviews of playlists.
    playlist_tally: Tally,
    /// The playlists to write: owner, title, public, created (as stored), songs.
    playlists: Vec<(i64, String, bool, String, Vec<i64>)>,
}

impl Listening<'_> {
    /// A time up to `days` days before now, as stored.
    fn at(&self, rng: &mut Rng, days: i64) -> String {
        fmt_datetime(crate::common::seeding::past_time(rng, self.now, days))
    }

    /// Person `p`'s musical life, drawn from their own stream.
    fn person(&mut self, p: &Person, seed: u64) -> rusqlite::Result<()> {
        let mut rng = Rng::derive(seed ^ p.id as u64, "spotify-user");
        let rng = &mut rng;
        let favourites: Vec<&str> = (0..rng.range(2, 4)).map(|_| *rng.pick(GENRES)).collect();
        let taste = Taste {
            by_genre: self.by_genre,
            favourites,
            n_songs: self.songs.len() as i64,
        };
        let (library, lib_albums) = self.library(p.id, rng, &taste)?;
        self.reviews_and_picks(p.id, rng, &taste, &library, &lib_albums)?;
        self.draft_playlists(p.id, rng, &taste, &library);
        self.cards_and_premium(p, rng)?;
        self.player(p.id, rng, &library)
    }

    /// `user`'s saved songs (returned, in id order) with their likes and downloads, their
    /// saved albums (returned, some liked) and the artists they follow.
    fn library(
        &mut self,
        user: i64,
        rng: &mut Rng,
        taste: &Taste,
    ) -> rusqlite::Result<(Vec<i64>, BTreeSet<i64>)> {
        let db = self.db;
        let mut library = BTreeSet::new();
        for _ in 0..rng.range(120, 320) {
            library.insert(taste.draw(rng));
        }
        let library: Vec<i64> = library.into_iter().collect();
        for s in &library {
            Link::LibrarySong.insert(db, user, *s, &self.at(rng, 900))?;
        }
        let mut liked = BTreeSet::new();
        for s in &library {
            if rng.chance(0.55) {
                liked.insert(*s);
            }
        }
        for _ in 0..rng.range(10, 60) {
            liked.insert(taste.draw(rng));
        }
        for s in &liked {
            Link::SongLike.insert(db, user, *s, &self.at(rng, 900))?;
            *self.song_tally.likes.entry(*s).or_default() += 1;
        }
        for s in &library {
            if !rng.chance(0.3) {
                continue;
            }
            Link::Download.insert(db, user, *s, &self.at(rng, 400))?;
        }
        let mut lib_albums = BTreeSet::new();
        for s in library.iter().filter(|_| rng.chance(0.12)) {
            lib_albums.insert(self.songs[(*s - 1) as usize].album);
        }
        for a in &lib_albums {
            Link::LibraryAlbum.insert(db, user, *a, &self.at(rng, 900))?;
            if rng.chance(0.6) {
                Link::AlbumLike.insert(db, user, *a, &self.at(rng, 900))?;
                *self.album_tally.likes.entry(*a).or_default() += 1;
            }
        }
        let mut followed = BTreeSet::new();
        for s in library.iter().filter(|_| rng.chance(0.1)) {
            followed.insert(self.songs[(*s - 1) as usize].artists[0]);
        }
        for a in &followed {
            Link::ArtistFollow.insert(db, user, *a, &self.at(rng, 900))?;
        }
        Ok((library, lib_albums))
    }

    /// `user`'s reviews of songs of their `library` and of some of their `albums`, and the
    /// songs recommended to them (to their taste, not in their library).
    fn reviews_and_picks(
        &mut self,
        user: i64,
        rng: &mut Rng,
        taste: &Taste,
        library: &[i64],
        albums: &BTreeSet<i64>,
    ) -> rusqlite::Result<()> {
        let draws = rng.range(3, 15);
        self.song_tally
            .review_drawn(self.db, rng, library, draws, user, self.now)?;
        for a in albums {
            if !rng.chance(0.25) {
                continue;
            }
            self.album_tally
                .review(self.db, rng, (Reviewed::Album, *a, user), (self.now, 600))?;
        }
        let mut recs = BTreeSet::new();
        for _ in 0..20 {
            let s = taste.draw(rng);
            if !library.contains(&s) {
                recs.insert(s);
            }
        }
        for s in &recs {
            Link::Recommendation.insert(self.db, user, *s, &self.at(rng, 14))?;
        }
        Ok(())
    }

    /// One to five playlists of `user`'s, mostly of their `library`'s songs (written later).
    fn draft_playlists(&mut self, user: i64, rng: &mut Rng, taste: &Taste, library: &[i64]) {
        let mut names: Vec<&str> = PLAYLISTS.to_vec();
        rng.shuffle(&mut names);
        for title in names.into_iter().take(rng.range(1, 6) as usize) {
            let mut tracks = BTreeSet::new();
            for _ in 0..rng.range(8, 40) {
                tracks.insert(if rng.chance(0.7) {
                    library[rng.range(0, library.len() as i64) as usize]
                } else {
                    taste.draw(rng)
                });
            }
            let mut tracks: Vec<i64> = tracks.into_iter().collect();
            rng.shuffle(&mut tracks);
            let public = rng.chance(0.6);
            let created = self.at(rng, 700);
            self.playlists
                .push((user, title.to_string(), public, created, tracks));
        }
    }

    /// `p`'s saved cards and, for some, a history of Premium subscriptions paid with the first.
    fn cards_and_premium(&self, p: &Person, rng: &mut Rng) -> rusqlite::Result<()> {
        for c in &p.payment_cards {
            crate::common::cards::NewSavedCard {
                app: "spotify",
                user_id: p.id,
                face: c.into(),
            }
            .insert(self.db)?;
        }
        if let Some(c) = p.payment_cards.first().filter(|_| rng.chance(0.45)) {
            let digits = format!("{:04}", c.card_number % 10_000);
            // Subscriptions back to back, the last one still running.
            for (start, end, yearly) in
                crate::common::seeding::subscription_history(rng, self.now, 0.25, 12)
            {
                crate::common::cards::NewSubscription {
                    table: "spotify.premium_subscriptions",
                    user_id: p.id,
                    start_date: &fmt_datetime(start),
                    end_date: &fmt_datetime(end),
                    payment_card_digits: &digits,
                    paid_amount: if yearly { 100.0 } else { 10.0 },
                }
                .insert(self.db)?;
            }
        }
        Ok(())
    }

    /// For some, a paused player with a queue of `library` songs.
    fn player(&self, user: i64, rng: &mut Rng, library: &[i64]) -> rusqlite::Result<()> {
        if rng.chance(0.6) {
            let queue: Vec<i64> = (0..rng.range(3, 12))
                .map(|_| library[rng.range(0, library.len() as i64) as usize])
                .collect();
            let cursor = rng.range(0, queue.len() as i64);
            let played = rng.range(
                0,
                self.songs[(queue[cursor as usize] - 1) as usize].duration,
            );
            NewPlayer {
                user_id: user,
                queue_song_ids: &py_json_ints(&queue),
                cursor_position: Some(cursor),
                is_playing: false,
                played_seconds: played,
                volume: rng.range(3, 9),
            }
            .insert(self.db)?;
        }
        Ok(())
    }

    /// Stranger `uid`'s likes of songs (of one to three genres) and of some of their albums,
    /// followed artists, a few reviews and perhaps one public playlist of liked songs.
    fn stranger(&mut self, uid: i64, seed: u64) -> rusqlite::Result<()> {
        let db = self.db;
        let mut rng = Rng::derive(seed ^ uid as u64, "spotify-stranger");
        let rng = &mut rng;
        let favourites: Vec<&str> = (0..rng.range(1, 4)).map(|_| *rng.pick(GENRES)).collect();
        let mut liked = BTreeSet::new();
        for _ in 0..rng.range(20, 100) {
            let pool = &self.by_genre[*rng.pick(&favourites)];
            liked.insert(*rng.pick(pool));
        }
        for s in &liked {
            Link::SongLike.insert(db, uid, *s, &self.at(rng, 900))?;
            *self.song_tally.likes.entry(*s).or_default() += 1;
        }
        let mut followed = BTreeSet::new();
        for s in liked.iter().filter(|_| rng.chance(0.12)) {
            followed.insert(self.songs[(*s - 1) as usize].artists[0]);
        }
        for a in &followed {
            Link::ArtistFollow.insert(db, uid, *a, &self.at(rng, 900))?;
        }
        let mut albums_liked = BTreeSet::new();
        for s in liked.iter().filter(|_| rng.chance(0.08)) {
            albums_liked.insert(self.songs[(*s - 1) as usize].album);
        }
        for a in &albums_liked {
            Link::AlbumLike.insert(db, uid, *a, &self.at(rng, 900))?;
            *self.album_tally.likes.entry(*a).or_default() += 1;
        }
        let liked: Vec<i64> = liked.into_iter().collect();
        let draws = rng.range(0, 5);
        self.song_tally
            .review_drawn(db, rng, &liked, draws, uid, self.now)?;
        if rng.chance(0.6) {
            let mut tracks: Vec<i64> = liked.iter().copied().filter(|_| rng.chance(0.4)).collect();
            rng.shuffle(&mut tracks);
            if !tracks.is_empty() {
                let title = rng.pick(PLAYLISTS).to_string();
                let created = self.at(rng, 700);
                self.playlists.push((uid, title, true, created, tracks));
            }
        }
        Ok(())
    }

    /// Friends like and review each other's public playlists.
    fn friends_on_playlists(&mut self, pop: &Population, seed: u64) -> rusqlite::Result<()> {
        for (k, (owner, _, public, _, _)) in self.playlists.iter().enumerate() {
            if !public {
                continue;
            }
            let id = k as i64 + 1;
            let mut rng = Rng::derive(seed ^ id as u64, "spotify-playlist");
            for (friend, _) in crate::common::seeding::contacts_of(pop, *owner) {
                if rng.chance(0.2) {
                    Link::PlaylistLike.insert(self.db, friend, id, &self.at(&mut rng, 300))?;
                    *self.playlist_tally.likes.entry(id).or_default() += 1;
                }
                if rng.chance(0.05) {
                    self.playlist_tally.review(
                        self.db,
                        &mut rng,
                        (Reviewed::Playlist, id, friend),
                        (self.now, 300),
                    )?;
                }
            }
        }
        Ok(())
    }

    /// The catalog's artists, albums and songs, and the playlists with their songs, each with
    /// the counters gathered.
    fn write_catalog(&self, artists: &[Artist], albums: &[Album]) -> rusqlite::Result<()> {
        let db = self.db;
        for (k, a) in artists.iter().enumerate() {
            NewArtist {
                id: k as i64 + 1,
                name: &a.name,
                genre: a.genre,
                created_at: "2019-01-01T00:00:00",
            }
            .insert(db)?;
        }
        for (id, (rating, like_count, review_count), a) in self.album_tally.numbered(albums) {
            NewAlbum {
                id,
                title: &a.title,
                artist_ids: &py_json_ints(&a.artists),
                release_date: &day(a.released),
                genre: a.genre,
                rating,
                like_count,
                review_count,
            }
            .insert(db)?;
        }
        for (id, (rating, like_count, review_count), s) in self.song_tally.numbered(self.songs) {
            NewSong {
                id,
                title: &s.title,
                artist_ids: &py_json_ints(&s.artists),
                album_id: s.album,
                duration: s.duration,
                release_date: &day(s.released),
                genre: s.genre,
                play_count: s.plays,
                rating,
                like_count,
                review_count,
            }
            .insert(db)?;
        }
        for (id, (rating, like_count, review_count), (owner, title, public, created, tracks)) in
            self.playlist_tally.numbered(&self.playlists)
        {
            NewPlaylist {
                id: Some(id),
                title,
                user_id: *owner,
                created_at: created,
                is_public: *public,
                rating,
                like_count,
                review_count,
            }
            .insert(db)?;
            for s in tracks {
                NewPlaylistSong {
                    playlist_id: id,
                    song_id: *s,
                    added_at: created,
                }
                .insert(db)?;
            }
        }
        Ok(())
    }
}

fn day(d: NaiveDate) -> String {
    fmt_datetime(d.and_hms_opt(0, 0, 0).unwrap_or(NaiveDateTime::MIN))
}
