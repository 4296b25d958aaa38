"""api_docs: app and API descriptions, every documented API of the implemented apps (their
docs minus AppWorld's prose), name matching (case, spaces), every error, and search paging.

Lines whose answer depends on apps appsim has not built yet carry "needs"; the replay counts
them as pending until those apps are registered."""

from common import Recorder

ALL_APPS = ["api_docs", "supervisor", "amazon", "phone", "file_system", "spotify", "venmo",
            "gmail", "splitwise", "simple_note", "todoist"]


def generate(r: Recorder) -> None:
    r.call("api_docs", "show_app_descriptions", _needs=ALL_APPS)
    docs_by_app = {}
    for app in ALL_APPS:
        status, body = r.call("api_docs", "show_api_descriptions", app_name=app, _needs=[app])
        docs_by_app[app] = [d["name"] for d in body] if status == 200 else []
    # Names match ignoring case and surrounding spaces; a miss lists every app with APIs.
    for odd, matches in [("Simple_Note", "simple_note"), (" simple_note ", "simple_note"),
                         ("SUPERVISOR", "supervisor"), ("venmo ", "venmo"),
                         ("simple note", None), ("notes", None), ("", None), ("admin", None),
                         (5, None), (None, None), (True, None)]:
        needs = [matches] if matches else ALL_APPS
        r.call("api_docs", "show_api_descriptions", app_name=odd, _needs=needs)
    r.call("api_docs", "show_api_descriptions")

    # Every API's doc, for the apps appsim serves today and, pending, for the rest.
    for app in ALL_APPS:
        for api in docs_by_app[app]:
            r.call("api_docs", "show_api_doc", app_name=app, api_name=api, _needs=[app])
    for app, api in [("SIMPLE_NOTE", "Search_Notes"), (" supervisor", "complete_task "),
                     ("simple_note", "search notes"), ("simple_note", "searchnotes"),
                     ("simple_note", "login"), ("Simple_Note", "LOGOUT"),
                     ("supervisor", "show_passwords"), ("nope", "nope"), ("", ""),
                     ("simple_note", ""), ("", "login"), ("simple_note", None),
                     (None, "login"), ("simple_note", 5), ("venmo", "login")]:
        needs = ["venmo"] if app == "venmo" else []
        r.call("api_docs", "show_api_doc", app_name=app, api_name=api, _needs=needs)
    r.call("api_docs", "show_api_doc", app_name="simple_note", _needs=[])
    r.call("api_docs", "show_api_doc", api_name="login", _needs=[])
    r.call("api_docs", "show_api_doc")

    # Search: ranking depends on every app's docs and description texts (pending until all
    # apps exist); paging validation does not.
    for query in ["note", "send money venmo", "create a new note", "login", "", "   ",
                  "\"search notes\"", "xyzzy"]:
        r.call("api_docs", "search_api_docs", query=query, _needs=ALL_APPS)
    r.call("api_docs", "search_api_docs", query="note", page_index=2, page_limit=3,
           _needs=ALL_APPS)
    r.call("api_docs", "search_api_docs", query="note", page_index=1000, _needs=[])
    for bad in [{"page_limit": 0}, {"page_limit": 21}, {"page_limit": "x"}, {"page_index": -1},
                {"page_index": 1.5}, {"page_index": "1.0"}, {"page_limit": None},
                {"page_index": -1, "page_limit": 100}]:
        r.call("api_docs", "search_api_docs", query="note", **bad,
               _needs=ALL_APPS if bad == {"page_limit": None} else [])
    r.call("api_docs", "search_api_docs", page_index=0, page_limit=20, _needs=ALL_APPS)
    r.call("api_docs", "show_api_docs")
