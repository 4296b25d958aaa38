# "Ask my spouse for half of our Premium" (premium_half.rs): the ground truth is logins, pick
# (the latest subscription(s)), find_spouse, request (half; request_saving_receipt in variant
# 2). The wrong solutions ask for the whole amount, take the oldest or only the latest month,
# or pay instead (pay, pay_saving_receipt).

# %% logins
{{login_any}}
{{all_pages}}
sp = login("spotify")
ph = login("phone")
vm = login("venmo")
fs = login("file_system")

# %% pick
subs = sorted(all_pages(apis.spotify.show_premium_subscriptions, access_token=sp), key=lambda s: s["start_date"], reverse={{reverse}})
chosen = subs[:{{n}}]
total = sum(s["paid_amount"] for s in chosen)
print([(s["start_date"], s["paid_amount"]) for s in subs], total)

# %% find_spouse
spouse = all_pages(apis.phone.search_contacts, access_token=ph, relationship={{label}})[0]
print(spouse["first_name"], spouse["email"])

# %% request
apis.venmo.create_payment_request(access_token=vm, user_email=spouse["email"], amount={{amount}}, description={{note}})
apis.supervisor.complete_task()

# %% request_saving_receipt
apis.venmo.create_payment_request(access_token=vm, user_email=spouse["email"], amount={{amount}}, description={{note}})
apis.spotify.download_premium_subscription_receipt(access_token=sp, premium_subscription_id=chosen[0]["premium_subscription_id"], download_to_file_path={{path}}, file_system_access_token=fs)
apis.supervisor.complete_task()

# %% pay
apis.venmo.create_transaction(access_token=vm, receiver_email=spouse["email"], amount={{amount}}, description={{note}})
apis.supervisor.complete_task()

# %% pay_saving_receipt
apis.venmo.create_transaction(access_token=vm, receiver_email=spouse["email"], amount={{amount}}, description={{note}})
apis.spotify.download_premium_subscription_receipt(access_token=sp, premium_subscription_id=chosen[0]["premium_subscription_id"], download_to_file_path={{path}}, file_system_access_token=fs)
apis.supervisor.complete_task()
