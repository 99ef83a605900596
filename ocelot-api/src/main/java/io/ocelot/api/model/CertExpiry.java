package io.ocelot.api.model;

/** Expiry of one certificate in a bundle the pool's nodes carry. */
public class CertExpiry {
  private String bundle;
  private String subject;
  private String expiry;

  public String getBundle() {
    return bundle;
  }

  public void setBundle(String bundle) {
    this.bundle = bundle;
  }

  public String getSubject() {
    return subject;
  }

  public void setSubject(String subject) {
    this.subject = subject;
  }

  public String getExpiry() {
    return expiry;
  }

  public void setExpiry(String expiry) {
    this.expiry = expiry;
  }
}
