# "Answer a question from the API docs" (api_doc_question.rs): each variant's ground truth is
# one cell (variant 1 count_token_apis, 2 max_page_limit, 3 count_params); every wrong
# solution is one cell too.

# %% count_token_apis
total = 0
for app in ["venmo", "splitwise"]:
    names = [a["name"] for a in apis.api_docs.show_api_descriptions(app_name=app)]
    with_token = []
    for name in names:
        doc = apis.api_docs.show_api_doc(app_name=app, api_name=name)
        if any(p["name"] == "access_token" for p in doc["parameters"]):
            with_token.append(name)
    print(app, len(names), "APIs,", len(with_token), "take an access_token")
    total += len(with_token)
apis.supervisor.complete_task(answer=total)

# %% count_all_apis
n = sum(len(apis.api_docs.show_api_descriptions(app_name=app)) for app in ["venmo", "splitwise"])
apis.supervisor.complete_task(answer=n)

# %% count_venmo_token_apis
n = 0
for a in apis.api_docs.show_api_descriptions(app_name="venmo"):
    doc = apis.api_docs.show_api_doc(app_name="venmo", api_name=a["name"])
    n += any(p["name"] == "access_token" for p in doc["parameters"])
apis.supervisor.complete_task(answer=n)

# %% max_page_limit
best = None
for a in apis.api_docs.show_api_descriptions(app_name="simple_note"):
    doc = apis.api_docs.show_api_doc(app_name="simple_note", api_name=a["name"])
    for p in doc["parameters"]:
        if p["name"] != "page_limit":
            continue
        for c in p["constraints"]:
            if "<=" in c:
                limit = int(float(c.split("<=")[1]))
                print(a["name"], limit)
                if best is None or limit > best:
                    best = limit
apis.supervisor.complete_task(answer=best)

# %% default_page_limit
doc = apis.api_docs.show_api_doc(app_name="simple_note", api_name="search_notes")
param = next(p for p in doc["parameters"] if p["name"] == "page_limit")
apis.supervisor.complete_task(answer=param["default"])

# %% min_page_limit
doc = apis.api_docs.show_api_doc(app_name="simple_note", api_name="search_notes")
param = next(p for p in doc["parameters"] if p["name"] == "page_limit")
limit = next(int(float(c.split(">=")[1])) for c in param["constraints"] if ">=" in c)
apis.supervisor.complete_task(answer=limit)

# %% count_params
counts = {}
for a in apis.api_docs.show_api_descriptions(app_name="simple_note"):
    doc = apis.api_docs.show_api_doc(app_name="simple_note", api_name=a["name"])
    counts[a["name"]] = 0
    for p in doc["parameters"]:
        if p["name"] == "access_token":
            continue
        counts[a["name"]] += 1
for name, k in sorted(counts.items()):
    print(name, k)
apis.supervisor.complete_task(answer=sum(counts.values()))

# %% count_params_with_token
total = 0
for a in apis.api_docs.show_api_descriptions(app_name="simple_note"):
    total += len(apis.api_docs.show_api_doc(app_name="simple_note", api_name=a["name"])["parameters"])
apis.supervisor.complete_task(answer=total)

# %% count_apis
apis.supervisor.complete_task(answer=len(apis.api_docs.show_api_descriptions(app_name="simple_note")))
