"""supervisor: every API, the stored answer after each coercion of complete_task's `answer`,
every `status` form, unknown and odd arguments."""

from common import ODD_VALUES, Recorder

READS = ["show_active_task", "show_profile", "show_addresses", "show_payment_cards",
         "show_account_passwords"]


def generate(r: Recorder) -> None:
    for api in READS:
        r.call("supervisor", api)
        # Unknown arguments are ignored; an access_token is not needed and not checked.
        r.call("supervisor", api, access_token="not-a-token", page_limit=50)
    r.call("supervisor", "show_active_task", access_token=None)

    # complete_task: every kind of answer, each followed by the stored result.
    answers = ODD_VALUES + [
        "10", "10.50", "  42  ", "1e-3", "inf", "nan", "-7", "3.14159", "Alice Ng", "ALICE",
        "  spaced   out  ", "multi\nline", "ünïcödé", 0.1 + 0.2, 12345678901234567890,
        -2.5, 1e300, 100.0, "007", "+5", "1,000", "$12.50", ["x", 1], {"k": "v"}, [[1]],
    ]
    for answer in answers:
        r.call("supervisor", "complete_task", answer=answer)
        r.call("supervisor", "show_active_task")
    for status in ["success", "fail", "Success", "FAIL", "done", "", " ", None, 1, 0, True,
                   ["success"], {}]:
        r.call("supervisor", "complete_task", status=status)
        r.call("supervisor", "show_active_task")
    r.call("supervisor", "complete_task", answer="both", status="fail")
    r.call("supervisor", "show_active_task")
    r.call("supervisor", "complete_task", answer={}, status="nope")
    r.call("supervisor", "complete_task", answer=[1, 2], status=None)
    r.call("supervisor", "complete_task")
    r.call("supervisor", "show_active_task")
    r.call("supervisor", "complete_task", answer=7, extra="ignored", status="fail")
    r.call("supervisor", "show_active_task")
    r.reset()
    r.call("supervisor", "show_active_task")
    r.call("supervisor", "complete_task", answer=None)
    r.call("supervisor", "show_active_task")

    # Names that do not exist, as agent code may type them.
    r.call("supervisor", "show_passwords")
    r.call("supervisor", "Show_Profile")
    r.call("supervisors", "show_profile")
