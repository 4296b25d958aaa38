"""Code cells that call `apis` with numbers JSON cannot hold: NaN, infinities, integers beyond
64 bits (and the strings that spell them), for every kind of parameter (path, query, body;
integer, number, string, boolean, list, union). `record_cells.py --set api_numbers` runs each
as the first cell of a fresh AppWorld world over the oracle's world and writes
`api_numbers.jsonl`; `tests/fidelity.rs` replays them on appsim over the same world.

API_NUMBERS is a list of (name, code) pairs. `_login(app)` is the prelude that logs the
supervisor into `app`, leaving `me` (the supervisor's e-mail) and `tok` (the access token).
"""

from __future__ import annotations

BRUNO = "'bruno.ortiz@gmail.com'"


def _login(app: str) -> str:
    return (
        "pw = {a['account_name']: a['password'] for a in apis.supervisor.show_account_passwords()}\n"
        "me = apis.supervisor.show_profile()['email']\n"
        f"tok = apis.{app}.login(username=me, password=pw['{app}'])['access_token']\n"
    )


_TODO = _login("todoist") + "pid = apis.todoist.show_projects(access_token=tok)[0]['project_id']\n"

API_NUMBERS: list[tuple[str, str]] = [
    # Path integers: beyond 64 bits (either sign, or as text) reach SQLite; NaN/inf/bool refused.
    ("path_int_2_64", "print(apis.spotify.show_song(song_id=2**64))"),
    ("path_int_2_63", "print(apis.spotify.show_song(song_id=2**63))"),
    ("path_int_neg_2_64", "print(apis.spotify.show_song(song_id=-2**64))"),
    ("path_int_text_2_64", "print(apis.spotify.show_song(song_id='18446744073709551616'))"),
    ("path_int_nan", "print(apis.spotify.show_song(song_id=float('nan')))"),
    ("path_int_inf", "print(apis.spotify.show_song(song_id=float('inf')))"),
    ("path_int_true", "print(apis.spotify.show_song(song_id=True))"),
    ("path_int_list", "print(apis.spotify.show_song(song_id=[2**64]))"),
    ("path_int_dict_nan", "print(apis.spotify.show_song(song_id={'a': float('nan')}))"),
    ("path_int_2_64_with_token", _login("spotify") + "print(apis.spotify.show_song(song_id=2**64, access_token=tok))"),
    # Query integers with bounds, and page indexes past every page.
    ("query_page_limit_2_64", "print(apis.spotify.search_songs(page_limit=2**64))"),
    ("query_page_limit_nan", "print(apis.spotify.search_songs(page_limit=float('nan')))"),
    ("query_page_limit_neg_2_64", _login("spotify") + "print(apis.spotify.show_song_reviews(access_token=tok, song_id=1, page_limit=-2**64))"),
    ("query_page_index_2_64", "print(apis.spotify.search_songs(page_index=2**64))"),
    ("query_page_index_2_63", "print(apis.spotify.search_songs(page_index=2**63))"),
    ("query_page_index_neg_2_64", "print(apis.spotify.search_songs(page_index=-2**64))"),
    ("query_page_index_2_64_auth", _login("spotify") + "print(apis.spotify.show_song_reviews(access_token=tok, song_id=1, page_index=2**64))"),
    # Query numbers: NaN fails every bound, infinities the bound on their side.
    ("query_float_nan", "print(apis.spotify.search_songs(min_rating=float('nan')))"),
    ("query_float_inf", "print(apis.spotify.search_songs(min_rating=float('inf')))"),
    ("query_float_neg_inf", "print(apis.spotify.search_songs(min_rating=-float('inf')))"),
    ("query_float_2_70", "print(apis.spotify.search_songs(min_rating=2**70))"),
    ("query_float_neg_2_70", "print(apis.spotify.search_songs(min_rating=-2**70))"),
    ("query_float_10_400", "print(apis.spotify.search_songs(min_rating=10**400))"),
    ("query_float_text_nan", "print(apis.spotify.search_songs(min_rating='nan'))"),
    ("query_float_text_inf", "print(apis.spotify.search_songs(min_rating='inf'))"),
    ("query_float_text_infinity", "print(apis.spotify.search_songs(min_rating='Infinity', page_limit=1))"),
    # Query strings take a number's text.
    ("query_str_nan", "print(apis.spotify.search_songs(query=float('nan'), page_limit=1))"),
    ("query_str_2_70", "print(apis.spotify.search_songs(query=2**70, page_limit=1))"),
    ("path_str_nan", "print(apis.api_docs.show_api_doc(app_name=float('nan'), api_name='login'))"),
    # Body integers: ids reach SQLite; a position or a card's year is only compared.
    ("body_int_2_64", _login("spotify") + "print(apis.spotify.play_music(access_token=tok, song_id=2**64))"),
    ("body_int_2_63", _login("spotify") + "print(apis.spotify.play_music(access_token=tok, song_id=2**63))"),
    ("body_int_nan", _login("spotify") + "print(apis.spotify.play_music(access_token=tok, song_id=float('nan')))"),
    ("body_int_inf", _login("spotify") + "print(apis.spotify.play_music(access_token=tok, song_id=float('inf')))"),
    ("body_int_group_2_64", _login("splitwise") + f"print(apis.splitwise.record_payment(access_token=tok, payer_email=me, receiver_email={BRUNO}, amount=1, group_id=2**64))"),
    ("body_int_project_2_64", _login("todoist") + "print(apis.todoist.create_task(access_token=tok, project_id=2**64, title='t'))"),
    ("body_int_order_index_2_64", _TODO + "print(apis.todoist.create_task(access_token=tok, project_id=pid, title='t', order_index=2**64))"),
    ("body_int_bounded_2_64", _login("amazon") + "print(apis.amazon.add_payment_card(access_token=tok, card_name='c', owner_name='o', card_number=2**64, expiry_year=2030, expiry_month=1, cvv_number=123))"),
    ("body_int_expiry_year_2_64", _login("amazon") + "print(apis.amazon.add_payment_card(access_token=tok, card_name='c', owner_name='o', card_number=1234567812345678, expiry_year=2**64, expiry_month=1, cvv_number=123))"),
    # Body numbers: bounds as above; what passes reaches the handler.
    ("body_float_nan_gt_0", _login("venmo") + f"print(apis.venmo.create_transaction(access_token=tok, receiver_email={BRUNO}, amount=float('nan')))"),
    ("body_float_inf_gt_0", _login("venmo") + f"print(apis.venmo.create_transaction(access_token=tok, receiver_email={BRUNO}, amount=float('inf')))"),
    ("body_float_2_64", _login("venmo") + f"print(apis.venmo.create_transaction(access_token=tok, receiver_email={BRUNO}, amount=2**64))"),
    ("body_float_2_64_stored", _login("splitwise") + f"r = apis.splitwise.record_payment(access_token=tok, payer_email=me, receiver_email={BRUNO}, amount=2**64)\nprint(r)\nprint(apis.splitwise.show_payment(access_token=tok, payment_id=r['payment_id'])['paid_amount'])"),
    ("body_float_nan_stored_as_null", _TODO + "r = apis.todoist.create_task(access_token=tok, project_id=pid, title='t', duration=float('nan'))\nprint(r)\nprint(apis.todoist.show_task(access_token=tok, task_id=r['task_id'])['duration'])"),
    ("body_float_2_64_duration", _TODO + "r = apis.todoist.create_task(access_token=tok, project_id=pid, title='t', duration=2**64)\nprint(apis.todoist.show_task(access_token=tok, task_id=r['task_id'])['duration'])"),
    ("body_float_list_nan", _login("splitwise") + f"print(apis.splitwise.record_expense(access_token=tok, description='d', paid_amount=10, payer_email=me, debtor_emails=[{BRUNO}], debt_amounts=[float('nan')]))"),
    ("body_float_paid_nan", _login("splitwise") + f"print(apis.splitwise.record_expense(access_token=tok, description='d', paid_amount=float('nan'), payer_email=me, debtor_emails=[{BRUNO}]))"),
    ("body_float_10_400", _login("venmo") + f"print(apis.venmo.create_transaction(access_token=tok, receiver_email={BRUNO}, amount=10**400))"),
    # Body strings and booleans.
    ("body_str_nan", _login("venmo") + f"print(apis.venmo.create_transaction(access_token=tok, receiver_email={BRUNO}, amount=1, description=float('nan')))"),
    ("body_str_nan_stored", _TODO + "r = apis.todoist.create_task(access_token=tok, project_id=pid, title=float('nan'))\nprint(apis.todoist.show_task(access_token=tok, task_id=r['task_id'])['title'])"),
    ("body_bool_nan", _login("venmo") + f"print(apis.venmo.create_transaction(access_token=tok, receiver_email={BRUNO}, amount=1, private=float('nan')))"),
    # The union `number | integer | string` (the task's answer).
    ("union_nan", "print(apis.supervisor.complete_task(answer=float('nan')))"),
    ("union_neg_inf", "print(apis.supervisor.complete_task(answer=-float('inf')))"),
    ("union_2_64", "print(apis.supervisor.complete_task(answer=2**64))"),
    ("union_10_400", "print(apis.supervisor.complete_task(answer=10**400))"),
    ("union_list_nan", "print(apis.supervisor.complete_task(answer=[float('nan')]))"),
    # Caught in the cell, as agent code would.
    ("caught_overflow", "try:\n    apis.spotify.show_song(song_id=2**64)\nexcept OverflowError as e:\n    print('overflow:', e)"),
    ("caught_nan", "try:\n    apis.spotify.show_song(song_id=float('nan'))\nexcept Exception as e:\n    print(type(e).__name__, str(e).splitlines()[0])"),
]
