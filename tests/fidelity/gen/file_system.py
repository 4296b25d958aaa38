"""file_system: the auth matrix, login/logout, path normalisation (`~/`, missing leading slash,
trailing slash, `//`, extensions) on every path parameter, file writes with odd arguments followed
by reads, directory listings (entry_type, substring, recursive), copy/move of files and
directories with overwrite and retain_dates, compress/decompress round trips, per-user isolation
of the same paths, the home directory following a rename, and the account flows (signup,
verification and password reset by e-mail, profile, rename, delete and sign up again).

People of the oracle world: 0 Alice (the supervisor; /home/alice/documents/todo.txt and
/home/alice/documents/work/report.txt), 1 Bruno, 2 Chen, 3 Dara (each /home/<name>/documents/
todo.txt); every user has the directories /, /home/, /home/<name>/, ~/documents/ and
~/documents/work/. All accounts are verified; logins use the e-mail address."""

from common import ODD_VALUES, Recorder, login_attempts, logout_flow

APP = "file_system"
A, B, C, D = range(4)
BAD_TOKENS = [None, "", "garbage", "Bearer x", 5, "eyJhbGciOiJIUzI1NiJ9.e30.sig"]

# Account calls whose answer depends on gmail (codes and notices are e-mailed).
NEEDS = {
    "signup": ["gmail"],
    "send_verification_code": ["gmail"],
    "send_password_reset_code": ["gmail"],
    "reset_password": ["gmail"],
}

# Path strings of every shape, for any path parameter.
ODD_PATHS = [
    "~/documents/todo.txt", "/home/alice/documents/todo.txt", "home/alice/documents/todo.txt",
    " ~/documents/todo.txt", "~/documents/todo.txt ", " /home/alice/documents/todo.txt ",
    "~/documents/todo.txt/", "~//documents/todo.txt", "//home/alice/documents/todo.txt",
    "~/documents/../documents/todo.txt", "./documents/todo.txt", "~/documents/./todo.txt",
    "~/Documents/todo.txt", "~/documents/TODO.TXT", "~/documents/todo", "~/documents/todo.",
    "~/documents/.todo", "~/documents/todo.txt.bak", "~/documents", "~/documents/", "~/",
    "~", "~alice/documents/todo.txt", "/", "", " ", ".", "..", "/home/bruno/documents/todo.txt",
    "~/documents/work/report.txt", "~/documents\\todo.txt", "~/a b/c d.txt",
    "~/ünï/cödé.txt", "/home/alice/documents/todo.txt?x=1", "~/documents/%74odo.txt",
]


def c(r: Recorder, api: str, _id: str | None = None, **args):
    return r.call(APP, api, _id=_id, _needs=NEEDS.get(api), **args)


def _user_row(r: Recorder, email: str) -> dict:
    return next(u for u in r.state(APP)["users"] if u["email"] == email)


# -- auth ------------------------------------------------------------------------------------

# Every API that needs a token, with arguments that would otherwise succeed or fail cleanly.
AUTH_CALLS = [
    ("show_account", {}), ("update_account_name", {"first_name": "Al"}),
    ("delete_account", {}), ("logout", {}),
    ("show_directory", {"directory_path": "~/"}), ("create_directory", {"directory_path": "~/x"}),
    ("delete_directory", {"directory_path": "~/documents"}),
    ("directory_exists", {"directory_path": "~/"}), ("show_file", {"file_path": "~/documents/todo.txt"}),
    ("create_file", {"file_path": "~/a.txt", "content": "x"}),
    ("delete_file", {"file_path": "~/documents/todo.txt"}),
    ("update_file", {"file_path": "~/documents/todo.txt", "content": "x"}),
    ("file_exists", {"file_path": "~/documents/todo.txt"}),
    ("copy_file", {"source_file_path": "~/documents/todo.txt", "destination_file_path": "~/b.txt"}),
    ("move_file", {"source_file_path": "~/documents/todo.txt", "destination_file_path": "~/b.txt"}),
    ("copy_directory", {"source_directory_path": "~/documents", "destination_directory_path": "~/d2"}),
    ("move_directory", {"source_directory_path": "~/documents", "destination_directory_path": "~/d2"}),
    ("compress_directory", {"directory_path": "~/documents"}),
    ("decompress_file", {"compressed_file_path": "~/documents.zip"}),
]


def auth_matrix(r: Recorder) -> None:
    for api, args in AUTH_CALLS:
        c(r, api, **args)  # no token at all
        for bad in BAD_TOKENS:
            c(r, api, access_token=bad, **args)
        # A bad token wins over bad parameters.
        c(r, api, access_token="garbage", file_path=5, directory_path="a//b", content=[1],
          entry_type="x", recursive="maybe")
    # A token of another app is refused by file_system.
    other = r.login("simple_note", A, "sn")
    for api, args in AUTH_CALLS[:3] + AUTH_CALLS[4:6]:
        c(r, api, access_token=other, **args)
    # A good token with bad parameters: validation.
    ta = r.login(APP, A, "ta")
    c(r, "show_file", access_token=ta)
    c(r, "create_file", access_token=ta, file_path=None, content=[1], overwrite="maybe")
    c(r, "show_directory", access_token=ta, directory_path="", entry_type="x", recursive="maybe")
    # Nothing above changed anything.
    c(r, "show_directory", access_token=ta)


def login_logout(r: Recorder) -> None:
    r.reset()
    email, pw = r.email(A), r.password(A, APP)
    login_attempts(lambda api, **a: c(r, api, **a), [
        (email, pw), (email, pw + "x"), (email, ""), (email.upper(), pw), (" " + email, pw),
        ("alice.ng@GMAIL.COM", pw), ("nobody@example.com", pw), ("", pw), (None, pw),
        (email, None), (email, 12345), (12345, pw), (r.email(B), r.password(B, APP)),
        (email, r.password(A, "simple_note")), (r.email(B), pw),
        ("notifications@filesystem.com", "adminpassword"),
    ])
    # Logout: the token stops working; a second logout and a missing token fail differently.
    logout_flow(lambda api, **a: c(r, api, **a), lambda i: r.login(APP, A, i),
                ("show_directory", {"directory_path": "~/"}), ("show_account", {}),
                ("show_file", {"file_path": "~/documents/todo.txt"}),
                after=(("file_exists", {"file_path": "~/documents/todo.txt"}),))


# -- paths -----------------------------------------------------------------------------------

def paths(r: Recorder) -> None:
    """Path normalisation, read-only: the same path strings through every checker."""
    r.reset()
    ta = r.login(APP, A, "ta")
    for path in ODD_PATHS:
        c(r, "file_exists", access_token=ta, file_path=path)
        c(r, "show_file", access_token=ta, file_path=path)
    for path in ["~/documents", "~/documents/", "/home/alice/documents", "home/alice", "/home",
                 "/", "~/", "~", "", " ", "~/documents//work", "~/documents/work.d",
                 "~/documents/todo.txt", "~/Documents", "~/nope", "/home/bruno", "/home/bruno/",
                 " ~/documents ", "~/documents/work/", ".", "..", "~/.config"]:
        c(r, "directory_exists", access_token=ta, directory_path=path)
        c(r, "show_directory", access_token=ta, directory_path=path)
    # Non-string path values through a query parameter and a body parameter.
    for value in ODD_VALUES:
        c(r, "file_exists", access_token=ta, file_path=value)
    for value in [None, 7.5, 5, True, ["~/documents/todo.txt"], {}, ["~/a.txt", "~/documents/todo.txt"]]:
        c(r, "show_file", access_token=ta, file_path=value)
    c(r, "file_exists", access_token=ta)
    c(r, "directory_exists", access_token=ta)
    c(r, "directory_exists", access_token=ta, directory_path=None)
    c(r, "directory_exists", access_token=ta, directory_path=["/home/", "~/nope"])
    c(r, "directory_exists", access_token=ta, directory_path=["~/nope", "/home/"])


# -- files -----------------------------------------------------------------------------------

def file_writes(r: Recorder) -> None:
    r.reset()
    ta, tb = r.login(APP, A, "ta"), r.login(APP, B, "tb")
    # create_file: odd path values; each success read back.
    for value in ODD_VALUES + ["~/new/deep/er/file.md", "notes.txt", "~/documents/work/report.txt",
                               "~/documents/todo.txt", "~/doc.tar", "~/x.zip", " ~/padded.txt "]:
        status, body = c(r, "create_file", access_token=ta, file_path=value, content="c")
        if status == 200:
            c(r, "show_file", access_token=ta, file_path=body["file_path"])
    c(r, "show_directory", access_token=ta)
    # create_file: odd contents and overwrite flags.
    for i, content in enumerate(ODD_VALUES + ["multi\nline", "  spaced  ", "ünïcödé", "x" * 500]):
        status, body = c(r, "create_file", access_token=ta, file_path=f"~/content/c{i}.txt",
                         content=content)
        if status == 200:
            c(r, "show_file", access_token=ta, file_path=body["file_path"])
    c(r, "create_file", access_token=ta, file_path="~/content/none.txt")
    c(r, "show_file", access_token=ta, file_path="~/content/none.txt")
    for i, flag in enumerate(ODD_VALUES):
        status, _ = c(r, "create_file", access_token=ta, file_path="~/documents/todo.txt",
                      content=f"overwrite {i}", overwrite=flag)
        if status == 200:
            c(r, "show_file", access_token=ta, file_path="~/documents/todo.txt")
    c(r, "create_file", access_token=ta, file_path="~/documents/todo.txt", content="again")
    c(r, "create_file", access_token=ta, file_path="/home/alice/documents/todo.txt", content="abs",
      overwrite=True)
    c(r, "show_file", access_token=ta, file_path="~/documents/todo.txt")
    # A file name clashing with a directory, and a directory clashing with a file.
    c(r, "create_file", access_token=ta, file_path="~/documents/work.txt", content="clash?")
    c(r, "create_directory", access_token=ta, directory_path="~/documents/todo")
    c(r, "create_file", access_token=ta, file_path="~/documents/todo.txt/inner.txt", content="x")
    c(r, "show_directory", access_token=ta, directory_path="~/documents")
    c(r, "create_file", access_token=ta, file_path="~/f.txt", content="extra", file_id=1, user_id=11)
    c(r, "show_file", access_token=ta, file_path="~/f.txt")

    # update_file: odd contents and paths.
    for content in ["updated", "", None, 42, 7.5, True, [], ["a"], {"a": 1}, "  x  "]:
        status, _ = c(r, "update_file", access_token=ta, file_path="~/documents/work/report.txt",
                      content=content)
        if status == 200:
            c(r, "show_file", access_token=ta, file_path="~/documents/work/report.txt")
    c(r, "update_file", access_token=ta, file_path="~/documents/work/report.txt")
    for path in ["~/nope.txt", "~/documents", "", None, "/home/bruno/documents/todo.txt",
                 "~/documents//todo.txt", " ~/documents/work/report.txt "]:
        c(r, "update_file", access_token=ta, file_path=path, content="u")
    c(r, "update_file", access_token=ta, content="u")
    c(r, "show_directory", access_token=ta, directory_path="~/documents/work")

    # Bruno's tree is separate: the same absolute paths are his own.
    c(r, "show_file", access_token=tb, file_path="/home/alice/documents/todo.txt")
    c(r, "file_exists", access_token=tb, file_path="/home/alice/documents/todo.txt")
    c(r, "update_file", access_token=tb, file_path="/home/alice/documents/todo.txt", content="b")
    c(r, "delete_file", access_token=tb, file_path="/home/alice/documents/todo.txt")
    c(r, "create_file", access_token=tb, file_path="/home/alice/documents/todo.txt", content="Bruno's")
    c(r, "show_file", access_token=tb, file_path="/home/alice/documents/todo.txt")
    c(r, "show_file", access_token=ta, file_path="/home/alice/documents/todo.txt")
    c(r, "show_directory", access_token=tb, directory_path="/home/")
    c(r, "show_file", access_token=tb, file_path="~/documents/todo.txt")

    # delete_file: own, twice, directories, odd values; then the listing.
    for path in ["~/documents/todo.txt", "~/documents/todo.txt", "~/content/c1.txt",
                 "/home/alice/content/c2.txt", "content/c3.txt", "~/content", "~/content/",
                 "", None, 5, "~/nope.txt", "~/7.5"]:
        c(r, "delete_file", access_token=ta, file_path=path)
    c(r, "delete_file", access_token=ta)
    c(r, "show_directory", access_token=ta, directory_path="~/content", recursive=False)
    c(r, "file_exists", access_token=ta, file_path="~/documents/todo.txt")
    c(r, "show_directory", access_token=ta, directory_path="~/documents")
    # The directory stays after its last file goes.
    c(r, "delete_file", access_token=ta, file_path="~/documents/work/report.txt")
    c(r, "directory_exists", access_token=ta, directory_path="~/documents/work")
    c(r, "show_directory", access_token=ta, directory_path="~/documents/work")
    c(r, "show_directory", access_token=tb)


# -- directories -----------------------------------------------------------------------------

def directories(r: Recorder) -> None:
    r.reset()
    ta = r.login(APP, A, "ta")

    def exists(path):
        c(r, "directory_exists", access_token=ta, directory_path=path)

    # create_directory: parents, recursion, existing, odd paths and flags.
    for path, recursive in [
        ("~/photos", None), ("~/photos", False), ("~/photos", True), ("~/a/b/c", False),
        ("~/a/b/c", True), ("~/a/b", False), ("~/a/b", True), ("~/a/x", False), ("~/photos/", False),
        ("/home/alice/music", False), ("music2", False), ("/top", False), ("/", False), ("/", True),
        ("", False), (" ", False), ("~/file.txt", False), ("~/a//b", True), ("~/sp ace", False),
        ("~/Photos", False), ("~/a/b/c/", True), ("/x/y/z", True), (None, False), (5, False),
        (7.5, True), (["~/l"], False), ("~", False), ("~/.hidden", False),
    ]:
        args = {} if recursive is None else {"recursive": recursive}
        status, _ = c(r, "create_directory", access_token=ta, directory_path=path, **args)
        if status == 200 and isinstance(path, str):
            exists(path)
    for flag in ODD_VALUES:
        c(r, "create_directory", access_token=ta, directory_path="~/r/s", recursive=flag)
    c(r, "create_directory", access_token=ta)
    c(r, "show_directory", access_token=ta)

    # Files to list: nested, with varied names for substring and ordering.
    for path in ["~/a/b/c/deep.txt", "~/a/b/mid.TXT", "~/a/top.md", "~/a/B.txt", "~/a/_u.txt",
                 "~/a/Zed.txt", "~/a/b2/x.txt", "~/photos/IMG_001.jpg", "~/photos/img_002.JPG",
                 "~/photos/raw/img_003.cr2"]:
        c(r, "create_file", access_token=ta, file_path=path, content=path)

    def ls(**args):
        c(r, "show_directory", access_token=ta, **args)

    ls()
    for path in ["~/a", "~/photos", "/", "/home", "~/", "~/a/b/c", "~/photos/raw"]:
        for entry_type in ["all", "files", "directories"]:
            for recursive in [True, False]:
                ls(directory_path=path, entry_type=entry_type, recursive=recursive)
    for entry_type in [None, "", "ALL", "file", "dirs", "directories ", 1, ["files"],
                       ["files", "directories"]]:
        ls(directory_path="~/a", entry_type=entry_type)
    for recursive in ODD_VALUES:
        ls(directory_path="~/a", recursive=recursive)
    for substring in [None, "", " ", "img", "IMG", "b", "/b/", ".txt", "~", "alice", "zz",
                      "a/b", "_", "mid.txt", 5, ["img", "raw"]]:
        ls(directory_path="~/", substring=substring)
        ls(directory_path="~/photos", substring=substring, entry_type="files", recursive=False)
    ls(directory_path=None)
    ls(directory_path="")
    ls(directory_path="~/nope")
    ls(directory_path="~/a/top.md")
    ls(directory_path="~/a", unknown="x")

    # delete_directory: leaves, subtrees, missing, root; the listings after each.
    # A directory's files are those whose path starts with its own (with the slash), so
    # deleting ~/a/b leaves ~/a/b2 alone.
    for path in ["~/a/b/c", "~/a/b/c", "~/a/b", "~/a/top.md", "~/nope", "~/a//b",
                 " ~/photos/raw ", "/x/y"]:
        status, _ = c(r, "delete_directory", access_token=ta, directory_path=path)
        if status == 200:
            ls(directory_path="~/")
    c(r, "delete_directory", access_token=ta)
    exists("/x/y")
    exists("/x/y/z")
    exists("/x")
    ls(directory_path="~/a")
    # An empty path is the root: deleting it empties the account; None is an empty query value.
    c(r, "delete_directory", access_token=ta, directory_path="")
    c(r, "delete_directory", access_token=ta, directory_path=None)
    c(r, "delete_directory", access_token=ta, directory_path="/")
    ls()
    exists("/")
    c(r, "file_exists", access_token=ta, file_path="~/a/_u.txt")
    c(r, "create_directory", access_token=ta, directory_path="~/again")
    c(r, "create_file", access_token=ta, file_path="~/again/one.txt", content="1")
    ls()
    c(r, "create_directory", access_token=ta, directory_path="~/again/two")
    ls(directory_path="~/again")
    ls(directory_path="/")
    # Others keep their trees.
    tb = r.login(APP, B, "tb")
    c(r, "show_directory", access_token=tb)


# -- copy and move ---------------------------------------------------------------------------

def copy_move_files(r: Recorder) -> None:
    r.reset()
    ta = r.login(APP, A, "ta")

    def show(path):
        c(r, "show_file", access_token=ta, file_path=path)

    c(r, "create_file", access_token=ta, file_path="~/notes/one.txt", content="first")
    c(r, "create_file", access_token=ta, file_path="~/notes/two.txt", content="second")
    for src, dst, extra in [
        ("~/notes/one.txt", "~/notes/one-copy.txt", {}),
        ("~/notes/one.txt", "~/notes/one-copy.txt", {}),
        ("~/notes/two.txt", "~/notes/one-copy.txt", {"overwrite": True}),
        ("~/notes/one.txt", "~/brand/new/place/one.txt", {"retain_dates": True}),
        ("~/notes/one.txt", "~/notes/one.txt", {}),
        ("~/notes/one.txt", "/home/alice/notes/one.txt", {"overwrite": True}),
        ("~/notes/one.txt", " ~/notes/one.txt", {}),
        ("~/notes/missing.txt", "~/notes/x.txt", {}),
        ("~/notes/missing.txt", "~/notes/missing.txt", {}),
        ("~/notes", "~/notes/x.txt", {}),
        ("~/notes/one.txt", "~/notes", {}),
        ("~/notes/one.txt", "~/notes/three", {}),
        ("~/notes/one.txt", "~/notes//three.txt", {}),
        ("~/notes/one.txt", "notes/rel.txt", {}),
        ("~/notes/one.txt", "~/notes/one.zip", {}),
        ("", "~/x.txt", {}), ("~/notes/one.txt", "", {}), (None, "~/x.txt", {}),
        ("~/notes/one.txt", None, {}), (5, "~/x.txt", {}),
        ("~/notes/one.txt", "~/notes/flag.txt", {"overwrite": "yes"}),
        ("~/notes/one.txt", "~/notes/flag.txt", {"overwrite": "maybe"}),
        ("~/notes/one.txt", "~/notes/flag2.txt", {"retain_dates": None}),
        ("~/notes/one.txt", "~/notes/flag3.txt", {"retain_dates": "maybe"}),
        ("~/notes/one.txt", "~/notes/flag4.txt", {"overwrite": None, "retain_dates": 0}),
    ]:
        status, body = c(r, "copy_file", access_token=ta, source_file_path=src,
                         destination_file_path=dst, **extra)
        if status == 200:
            show(body["destination_file_path"])
    c(r, "copy_file", access_token=ta, source_file_path="~/notes/one.txt")
    c(r, "copy_file", access_token=ta, destination_file_path="~/x.txt")
    c(r, "show_directory", access_token=ta, directory_path="~/")
    show("~/notes/one.txt")

    # move_file: the source goes, the destination holds the content.
    for src, dst, extra in [
        ("~/notes/two.txt", "~/moved/two.txt", {}),
        ("~/notes/two.txt", "~/moved/two.txt", {}),
        ("~/notes/one-copy.txt", "~/moved/two.txt", {}),
        ("~/notes/one-copy.txt", "~/moved/two.txt", {"overwrite": True}),
        ("~/moved/two.txt", "~/moved/two.txt", {}),
        ("~/moved/two.txt", "~/moved/two.txt", {"overwrite": True}),
        ("~/moved/two.txt", "~/moved/renamed.md", {"retain_dates": True}),
        ("~/moved/renamed.md", "/elsewhere/renamed.md", {}),
        ("~/nope.txt", "~/moved/x.txt", {}),
        ("~/notes/flag.txt", "~/moved", {}),
        ("~/notes/flag.txt", "", {}),
        ("~/notes/flag.txt", None, {}),
    ]:
        status, body = c(r, "move_file", access_token=ta, source_file_path=src,
                         destination_file_path=dst, **extra)
        if status == 200:
            show(body["destination_file_path"])
            c(r, "file_exists", access_token=ta, file_path=src)
    c(r, "move_file", access_token=ta)
    c(r, "show_directory", access_token=ta, directory_path="/")


def copy_move_directories(r: Recorder) -> None:
    r.reset()
    ta = r.login(APP, A, "ta")

    def ls(path="/"):
        c(r, "show_directory", access_token=ta, directory_path=path)

    for path in ["~/proj/src/main.rs", "~/proj/src/lib.rs", "~/proj/README.md",
                 "~/proj/docs/guide/intro.md", "~/other/keep.txt"]:
        c(r, "create_file", access_token=ta, file_path=path, content="v1 " + path)
    c(r, "create_directory", access_token=ta, directory_path="~/proj/empty")
    c(r, "create_directory", access_token=ta, directory_path="~/hollow/inner", recursive=True)

    for src, dst, extra in [
        ("~/proj", "~/proj-copy", {}),
        ("~/proj", "~/proj-copy", {}),
        ("~/proj", "~/other", {}),
        ("~/proj", "~/other", {"overwrite": True}),
        ("~/proj", "~/proj", {}),
        ("~/proj", "/home/alice/proj/", {}),
        ("~/proj/src", "~/deep/er/src", {"retain_dates": True}),
        ("~/hollow", "~/hollow2", {}),
        ("~/nope", "~/x", {}),
        ("~/proj", "~/proj/nested", {}),
        ("~/proj/README.md", "~/y", {}),
        ("~/proj", "~/y.zip", {}),
        ("", "~/x", {}), ("~/proj", "", {}), (None, "~/x", {}), ("~/proj", None, {}),
        ("~/proj", "~//x", {}), ("~/proj", "~/flag", {"overwrite": "maybe"}),
        ("~/proj/docs", "~/flag2", {"retain_dates": "yes"}),
        ("/", "/backup", {}),
    ]:
        status, body = c(r, "copy_directory", access_token=ta, source_directory_path=src,
                         destination_directory_path=dst, **extra)
        if status == 200:
            ls(body["destination_directory_path"])
    c(r, "copy_directory", access_token=ta, source_directory_path="~/proj")
    ls()
    c(r, "show_file", access_token=ta, file_path="~/other/README.md")
    c(r, "file_exists", access_token=ta, file_path="~/other/keep.txt")

    # move_directory: source removed after the copy.
    for src, dst, extra in [
        ("~/proj-copy", "~/moved", {}),
        ("~/proj-copy", "~/moved", {}),
        ("~/moved", "~/deep", {}),
        ("~/moved", "~/deep", {"overwrite": True}),
        ("~/hollow2", "~/hollow3", {}),
        ("~/deep", "~/deep", {}),
        ("~/deep", "~/deep/inside", {}),
        ("~/nope", "~/x", {}),
        ("~/flag", None, {}),
    ]:
        status, body = c(r, "move_directory", access_token=ta, source_directory_path=src,
                         destination_directory_path=dst, **extra)
        if status == 200:
            ls(body["destination_directory_path"])
            c(r, "directory_exists", access_token=ta, directory_path=src)
    c(r, "move_directory", access_token=ta)
    ls()
    c(r, "show_file", access_token=ta, file_path="~/deep/src/main.rs")


def compression(r: Recorder) -> None:
    r.reset()
    ta = r.login(APP, A, "ta")

    def ls(path="~/"):
        c(r, "show_directory", access_token=ta, directory_path=path)

    def show(path):
        c(r, "show_file", access_token=ta, file_path=path)

    for path in ["~/pack/a.txt", "~/pack/sub/b.txt", "~/pack/sub/deeper/c.txt", "~/packed/z.txt"]:
        c(r, "create_file", access_token=ta, file_path=path, content="data of " + path)
    c(r, "create_directory", access_token=ta, directory_path="~/pack/emptydir")
    c(r, "create_directory", access_token=ta, directory_path="~/void")

    for args in [
        {"directory_path": "~/pack"},
        {"directory_path": "~/pack"},
        {"directory_path": "~/pack", "overwrite": True},
        {"directory_path": "~/pack", "compressed_file_path": "~/archives/pack.tar"},
        {"directory_path": "~/pack", "compressed_file_path": "~/archives/pack.tar.gz"},
        {"directory_path": "~/pack", "compressed_file_path": "~/archives/pack.rar"},
        {"directory_path": "~/pack", "compressed_file_path": "~/archives/pack"},
        {"directory_path": "~/pack", "compressed_file_path": "~/archives/PACK.ZIP"},
        {"directory_path": "~/pack", "compressed_file_path": ""},
        {"directory_path": "~/pack", "compressed_file_path": None},
        {"directory_path": "~/pack/sub", "compressed_file_path": "~/pack/inner.zip"},
        {"directory_path": "~/void"},
        {"directory_path": "~/nope"},
        {"directory_path": "~/pack.txt"},
        {"directory_path": ""},
        {"directory_path": None},
        {"directory_path": "~/pack", "compressed_file_path": "~//x.zip"},
        {"directory_path": "~/pack", "overwrite": "maybe"},
        {"directory_path": "~/pack", "delete_directory": "maybe"},
    ]:
        status, body = c(r, "compress_directory", access_token=ta, **args)
        if status == 200:
            show(body["compressed_file_path"])
    c(r, "compress_directory", access_token=ta)
    ls()
    # ~/packed is a sibling of ~/pack, not part of its archive; it gets its own.
    c(r, "compress_directory", access_token=ta, directory_path="~/packed")
    show("~/packed.zip")

    # decompress: default place, a new place, missing, odd paths; then the listings.
    for args in [
        {"compressed_file_path": "~/pack.zip"},
        {"compressed_file_path": "~/archives/pack.tar", "decompressed_directory_path": "~/out"},
        {"compressed_file_path": "~/archives/pack.tar", "decompressed_directory_path": "~/out",
         "retain_dates": False},
        {"compressed_file_path": "~/pack/inner.zip", "decompressed_directory_path": "/unpacked/x"},
        {"compressed_file_path": "~/nope.zip"},
        {"compressed_file_path": "~/pack/a.txt"},
        {"compressed_file_path": "~/pack.zip", "decompressed_directory_path": "~/out.txt"},
        {"compressed_file_path": "~/pack.zip", "decompressed_directory_path": ""},
        {"compressed_file_path": "~/pack.zip", "decompressed_directory_path": None},
        {"compressed_file_path": ""},
        {"compressed_file_path": None},
        {"compressed_file_path": "~/pack.zip", "retain_dates": "maybe"},
        {"compressed_file_path": "~/pack.zip", "delete_compressed_file": "maybe"},
    ]:
        status, body = c(r, "decompress_file", access_token=ta, **args)
        if status == 200:
            ls(body["decompressed_directory_path"])
    c(r, "decompress_file", access_token=ta)
    show("~/out/pack/sub/b.txt")
    show("~/pack/a.txt")

    # Compress and delete the directory, then decompress and delete the archive.
    c(r, "compress_directory", access_token=ta, directory_path="~/pack/sub",
      compressed_file_path="~/sub.zip", delete_directory=True)
    ls()
    c(r, "directory_exists", access_token=ta, directory_path="~/pack/sub")
    c(r, "directory_exists", access_token=ta, directory_path="~/pack/sub/deeper")
    c(r, "decompress_file", access_token=ta, compressed_file_path="~/sub.zip",
      decompressed_directory_path="~/pack", delete_compressed_file=True)
    ls()
    c(r, "file_exists", access_token=ta, file_path="~/sub.zip")
    show("~/pack/sub/deeper/c.txt")
    # An archive written inside the directory it compresses, which is then deleted: the
    # directory row goes (not its sub-directories), the archive stays.
    c(r, "compress_directory", access_token=ta, directory_path="~/packed",
      compressed_file_path="~/packed/self.zip", delete_directory=True)
    c(r, "directory_exists", access_token=ta, directory_path="~/packed")
    c(r, "file_exists", access_token=ta, file_path="~/packed/self.zip")
    c(r, "file_exists", access_token=ta, file_path="~/packed/z.txt")
    c(r, "show_directory", access_token=ta, directory_path="~/packed")
    c(r, "show_directory", access_token=ta, directory_path="~/", substring="packed")
    c(r, "decompress_file", access_token=ta, compressed_file_path="~/packed/self.zip")
    c(r, "show_directory", access_token=ta, directory_path="~/packed")
    # An archive inside an archive comes back as an archive.
    c(r, "compress_directory", access_token=ta, directory_path="~/archives",
      compressed_file_path="~/nest.zip")
    c(r, "decompress_file", access_token=ta, compressed_file_path="~/nest.zip",
      decompressed_directory_path="~/nest-out")
    ls("~/nest-out")
    c(r, "decompress_file", access_token=ta, compressed_file_path="~/nest-out/archives/pack.tar",
      decompressed_directory_path="~/nest-out/inner")
    ls("~/nest-out")
    # A plain file named .zip decompresses to nothing.
    c(r, "create_file", access_token=ta, file_path="~/fake.zip", content="not an archive")
    c(r, "decompress_file", access_token=ta, compressed_file_path="~/fake.zip",
      decompressed_directory_path="~/fake-out")
    ls("~/fake-out")
    # Copying and moving an archive keeps its data.
    c(r, "copy_file", access_token=ta, source_file_path="~/nest.zip", destination_file_path="~/copy.zip")
    c(r, "decompress_file", access_token=ta, compressed_file_path="~/copy.zip",
      decompressed_directory_path="~/copy-out")
    ls("~/copy-out")
    # Overwriting during decompression replaces existing files.
    c(r, "update_file", access_token=ta, file_path="~/pack/a.txt", content="changed")
    c(r, "decompress_file", access_token=ta, compressed_file_path="~/pack.zip")
    show("~/pack/a.txt")
    # The root: its default archive name has no directory part.
    c(r, "compress_directory", access_token=ta, directory_path="/")
    c(r, "compress_directory", access_token=ta, directory_path="/", compressed_file_path="/all.zip")
    c(r, "decompress_file", access_token=ta, compressed_file_path="/all.zip",
      decompressed_directory_path="/restore")
    c(r, "show_directory", access_token=ta, directory_path="/restore", entry_type="directories",
      recursive=False)


# -- people ----------------------------------------------------------------------------------

def home_and_people(r: Recorder) -> None:
    """The home directory follows the first name; users never see each other's rows."""
    r.reset()
    ta, tb, tc = r.login(APP, A, "ta"), r.login(APP, B, "tb"), r.login(APP, C, "tc")
    c(r, "update_account_name", access_token=ta, first_name="Alicia")
    c(r, "show_account", access_token=ta)
    c(r, "file_exists", access_token=ta, file_path="~/documents/todo.txt")
    c(r, "create_file", access_token=ta, file_path="~/new.txt", content="where?")
    c(r, "show_directory", access_token=ta)
    c(r, "show_file", access_token=ta, file_path="/home/alicia/new.txt")
    c(r, "update_account_name", access_token=ta, first_name="ALICE")
    c(r, "file_exists", access_token=ta, file_path="~/documents/todo.txt")
    c(r, "update_account_name", access_token=ta, first_name="Mary Ann")
    c(r, "create_file", access_token=ta, file_path="~/space.txt", content="x")
    c(r, "show_directory", access_token=ta, directory_path="/home")
    # A dot makes the home directory look like a file; a slash nests it.
    c(r, "update_account_name", access_token=ta, first_name="Jo.Ann")
    c(r, "directory_exists", access_token=ta, directory_path="~/")
    c(r, "create_file", access_token=ta, file_path="~/dot.txt", content="x")
    c(r, "file_exists", access_token=ta, file_path="~/dot.txt")
    c(r, "update_account_name", access_token=ta, first_name="Al/Ice")
    c(r, "create_file", access_token=ta, file_path="~/slash.txt", content="x")
    c(r, "directory_exists", access_token=ta, directory_path="/home/al")
    c(r, "update_account_name", access_token=ta, first_name=" Bob ")
    c(r, "create_file", access_token=ta, file_path="~/pad.txt", content="x")
    c(r, "show_directory", access_token=ta, directory_path="/home", entry_type="directories")
    c(r, "update_account_name", access_token=ta, first_name="Alice")
    c(r, "copy_directory", access_token=ta, source_directory_path="/home/alicia",
      destination_directory_path="~/from-alicia")
    c(r, "show_directory", access_token=ta, directory_path="~/")

    # Three people write the same paths; each sees only their own.
    for tok, who in [(ta, "alice"), (tb, "bruno"), (tc, "chen")]:
        c(r, "create_file", access_token=tok, file_path="/shared/plan.txt", content="by " + who)
    for tok in [ta, tb, tc]:
        c(r, "show_file", access_token=tok, file_path="/shared/plan.txt")
    c(r, "delete_directory", access_token=tb, directory_path="/shared")
    for tok in [ta, tb, tc]:
        c(r, "directory_exists", access_token=tok, directory_path="/shared")
    c(r, "move_directory", access_token=tc, source_directory_path="/home/chen",
      destination_directory_path="/home/alice")
    c(r, "show_directory", access_token=tc, directory_path="/home")
    c(r, "show_directory", access_token=ta, directory_path="/home", recursive=False)
    c(r, "show_file", access_token=tc, file_path="/home/alice/documents/todo.txt")
    c(r, "show_file", access_token=tc, file_path="~/documents/todo.txt")


# -- accounts --------------------------------------------------------------------------------

def accounts(r: Recorder) -> None:
    """Profiles, renames and deletions: nothing here goes through gmail."""
    r.reset()
    ta = r.login(APP, A, "ta")
    c(r, "show_account", access_token=ta)
    for email in [r.email(B), r.email(B).upper(), "bruno.ortiz@GMAIL.COM", " " + r.email(B),
                  "nobody@example.com", "not-an-email", "", None, 5, "notifications@filesystem.com"]:
        c(r, "show_profile", email=email)
    c(r, "show_profile")
    for names in [{"first_name": "Alicia"}, {"last_name": "Ngo"}, {}, {"first_name": ""},
                  {"last_name": " "}, {"first_name": None}, {"first_name": 42},
                  {"first_name": ["x"]}, {"first_name": "Alice", "last_name": "Ng"}]:
        c(r, "update_account_name", access_token=ta, **names)
        c(r, "show_account", access_token=ta)
    c(r, "show_profile", email=r.email(A))

    # Dara deletes her account: her files go, her directory rows stay behind unseen.
    td = r.login(APP, D, "td")
    c(r, "show_directory", access_token=td)
    c(r, "delete_account", access_token=td)
    c(r, "show_directory", access_token=td)
    c(r, "create_file", access_token=td, file_path="~/x.txt", content="x")
    c(r, "delete_account", access_token=td)
    c(r, "logout", access_token=td)
    c(r, "logout", access_token=td)
    c(r, "login", username=r.email(D), password=r.password(D, APP))
    c(r, "show_profile", email=r.email(D))
    # Bruno too: Alice keeps her files and sees nothing of theirs.
    tb = r.login(APP, B, "tb")
    c(r, "delete_account", access_token=tb)
    c(r, "show_profile", email=r.email(B))
    c(r, "show_directory", access_token=ta)
    c(r, "show_directory", access_token=ta, directory_path="/home", entry_type="directories")


def email_flows(r: Recorder) -> None:
    """Signup, verification and password reset: the codes travel by e-mail (gmail)."""
    r.reset()
    # Dara leaves first (not gmail-dependent), so she can sign up again below.
    td = r.login(APP, D, "td")
    c(r, "delete_account", access_token=td)

    eve = {"first_name": "Eve", "last_name": "Stone", "email": "eve.stone@example.com",
           "password": "pw123"}
    for args in [
        eve, eve, dict(eve, email=r.email(A)), dict(eve, email="alice.ng@GMAIL.COM"),
        dict(eve, email=" " + r.email(B)), dict(eve, email=r.email(C).upper()),
        dict(eve, first_name="", email="x1@example.com"), dict(eve, email="bad-address"),
        dict(eve, password="pw1", email="x3@example.com"),
        dict(eve, password=123456, email="x4@example.com"),
        dict(eve, first_name=7, last_name=None, email="x5@example.com"),
        {"first_name": "Eve", "email": "x6@example.com"}, {},
    ]:
        c(r, "signup", **args)
    c(r, "login", username="eve.stone@example.com", password="pw123")
    c(r, "login", username="eve.stone@example.com", password="wrong")
    for email in ["eve.stone@example.com", r.email(A), "nobody@example.com", "bad", None]:
        c(r, "send_verification_code", email=email)
    c(r, "send_verification_code")
    c(r, "verify_account", email="eve.stone@example.com", verification_code="0000000")
    c(r, "verify_account", email=r.email(A), verification_code="0000000")
    c(r, "verify_account", email="nobody@example.com", verification_code="0000000")
    c(r, "verify_account", email="eve.stone@example.com")
    c(r, "verify_account", email="eve.stone@example.com", verification_code=None)

    # Dara signs up again with her Gmail address: the code arrives, she verifies, logs in.
    c(r, "show_profile", email=r.email(D))
    c(r, "signup", first_name="Dara", last_name="Patel", email=r.email(D), password="newpass1")
    c(r, "show_profile", email=r.email(D))
    c(r, "login", username=r.email(D), password="newpass1")
    code = _user_row(r, r.email(D))["verification_code"]
    c(r, "verify_account", email=r.email(D), verification_code="1234567")
    c(r, "verify_account", email=r.email(D), verification_code=code.upper())
    c(r, "verify_account", email=r.email(D), verification_code=" " + code)
    c(r, "send_verification_code", email=r.email(D))
    code2 = _user_row(r, r.email(D))["verification_code"]
    c(r, "verify_account", email=r.email(D), verification_code=code)
    c(r, "verify_account", email="dara.patel@GMAIL.COM", verification_code=code2)
    c(r, "verify_account", email=r.email(D), verification_code=code2)
    c(r, "send_verification_code", email=r.email(D))
    c(r, "login", _id="td2", username=r.email(D), password="newpass1")
    td2 = "${td2.access_token}"
    # The new account starts without any directory, not even the root.
    c(r, "show_directory", access_token=td2)
    c(r, "directory_exists", access_token=td2, directory_path="/")
    c(r, "create_directory", access_token=td2, directory_path="~/docs")
    c(r, "create_file", access_token=td2, file_path="~/docs/fresh.txt", content="hi")
    c(r, "show_directory", access_token=td2)
    c(r, "show_file", access_token=td2, file_path="~/docs/fresh.txt")
    c(r, "show_file", access_token=td2, file_path="~/documents/todo.txt")

    # Password reset for Alice: wrong, right, reused codes; old and new passwords.
    ta = r.login(APP, A, "ta")
    for email in ["nobody@example.com", "bad", None, " " + r.email(A), r.email(A).upper()]:
        c(r, "send_password_reset_code", email=email)
    c(r, "send_password_reset_code")
    c(r, "reset_password", email=r.email(C), password_reset_code="0000000", new_password="secret1")
    c(r, "send_password_reset_code", email=r.email(A))
    code = _user_row(r, r.email(A))["password_reset_code"]
    c(r, "reset_password", email=r.email(A), password_reset_code="0000000", new_password="secret1")
    c(r, "reset_password", email=r.email(A), password_reset_code=code, new_password="abc")
    c(r, "reset_password", email="nobody@example.com", password_reset_code=code, new_password="secret1")
    c(r, "reset_password", email=r.email(A), password_reset_code=code, new_password="secret1")
    c(r, "reset_password", email=r.email(A), password_reset_code=code, new_password="secret2")
    c(r, "login", username=r.email(A), password=r.password(A, APP))
    c(r, "login", username=r.email(A), password="secret1")
    c(r, "login", username=r.email(A), password="secret2")
    c(r, "show_account", access_token=ta)
    c(r, "reset_password", email=r.email(A), new_password="secret3")
    c(r, "reset_password")
    # Eve (no Gmail inbox, unverified) asks for a reset code.
    c(r, "send_password_reset_code", email="eve.stone@example.com")
    c(r, "reset_password", email="eve.stone@example.com", password_reset_code="0000000",
      new_password="secret1")


def generate(r: Recorder) -> None:
    auth_matrix(r)
    login_logout(r)
    paths(r)
    file_writes(r)
    directories(r)
    copy_move_files(r)
    copy_move_directories(r)
    compression(r)
    home_and_people(r)
    accounts(r)
    email_flows(r)
